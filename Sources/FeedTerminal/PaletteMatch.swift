import Foundation

/// The 256-colour palette's closest entry to a colour, judged in OKLab (Björn Ottosson's perceptual colour space)
/// with its hue kept: the cube's darkest levels are far apart (0, then 95), so the nearest entry to a dark brown by
/// distance alone is a grey; a colour with a visible hue is matched among the cube's coloured entries instead,
/// hue weighed above lightness. A colour with no visible hue is matched among every entry, greys included.
enum PaletteMatch {
  /// A colour in OKLab: lightness 0…1, and the two opponent axes.
  private struct Lab {
    let lightness: Double
    let a: Double
    let b: Double
    var chroma: Double { (a * a + b * b).squareRoot() }
  }

  /// The chroma under which a colour reads as grey, and is matched as one.
  private static let neutral = 0.04
  /// How much a lightness difference weighs against a chroma or hue difference for a coloured source.
  private static let lightnessWeight = 0.25
  /// How much a hue difference weighs against a chroma difference for a coloured source.
  private static let hueWeight = 4.0

  /// The palette index nearest `red`, `green`, `blue`, among the cube (16…231) and the grey ramp (232…255).
  static func index(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
    let source = lab(red, green, blue)
    let coloured = source.chroma >= neutral
    var best = (index: UInt8(16), distance: Double.infinity)
    for (index, entry) in entries where !coloured || entry.chroma >= neutral {
      let distance = Self.distance(source, entry, coloured: coloured)
      if distance < best.distance { best = (index, distance) }
    }
    return best.index
  }

  private static func distance(_ source: Lab, _ entry: Lab, coloured: Bool) -> Double {
    let lightness = (source.lightness - entry.lightness) * (source.lightness - entry.lightness)
    let axes = (source.a - entry.a) * (source.a - entry.a) + (source.b - entry.b) * (source.b - entry.b)
    guard coloured else { return lightness + axes }
    let chroma = (source.chroma - entry.chroma) * (source.chroma - entry.chroma)
    return lightnessWeight * lightness + chroma + hueWeight * max(0, axes - chroma)
  }

  /// The palette's cube and grey ramp, in OKLab, by index.
  private static let entries: [(UInt8, Lab)] = {
    let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
    var entries: [(UInt8, Lab)] = []
    for red in 0..<6 {
      for green in 0..<6 {
        for blue in 0..<6 {
          entries.append(
            (UInt8(16 + 36 * red + 6 * green + blue), lab(levels[red], levels[green], levels[blue])))
        }
      }
    }
    for step in 0..<24 {
      let level = UInt8(8 + 10 * step)
      entries.append((UInt8(232 + step), lab(level, level, level)))
    }
    return entries
  }()

  /// sRGB samples made linear, by value.
  private static let linear: [Double] = (0...255).map { sample in
    let value = Double(sample) / 255
    return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
  }

  private static func lab(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Lab {
    let (r, g, b) = (linear[Int(red)], linear[Int(green)], linear[Int(blue)])
    let l = cbrt(0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b)
    let m = cbrt(0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b)
    let s = cbrt(0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b)
    return Lab(
      lightness: 0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s,
      a: 1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s,
      b: 0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s)
  }
}
