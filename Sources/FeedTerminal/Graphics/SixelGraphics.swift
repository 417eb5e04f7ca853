/// DEC sixel: pixels in bands six rows tall, each column of a band one character (`?` + its six bits), one pass
/// per colour of the band, repeats run-length encoded (`!n`). Colours come from a fixed palette of 216: six levels
/// of red, green and blue, 0, 20, 40, 60, 80 and 100 percent, so every colour a terminal is told is exact.
public enum SixelGraphics {
  /// The palette index of `red`, `green`, `blue`: the nearest level of each (0…5), red × 36 + green × 6 + blue.
  public static func paletteIndex(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
    level(red) * 36 + level(green) * 6 + level(blue)
  }

  /// The colour of palette entry `index` in 0…255 samples.
  public static func colour(ofIndex index: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
    (UInt8(index / 36 * 51), UInt8(index / 6 % 6 * 51), UInt8(index % 6 * 51))
  }

  private static func level(_ sample: UInt8) -> Int { (Int(sample) + 25) / 51 }

  /// A 0…255 sample in sixel's percent, rounded.
  private static func percent(_ sample: Int) -> Int { (sample * 100 + 127) / 255 }

  /// `rgb`, `width` × `height` pixels, as a sixel image drawn at the cursor: a DCS `ESC P 0;1;0 q` (pixels not
  /// drawn keep what is behind them), its size (`"1;1;width;height`), the colours it uses, the bands, `ESC \`.
  public static func encode(rgb: [UInt8], width: Int, height: Int) -> String {
    let indices = (0..<(width * height)).map { paletteIndex(rgb[$0 * 3], rgb[$0 * 3 + 1], rgb[$0 * 3 + 2]) }
    let colours = Set(indices).sorted().map { index in
      let (red, green, blue) = colour(ofIndex: index)
      return (index, (Int(red), Int(green), Int(blue)))
    }
    return encode(indices: indices, colours: colours, width: width, height: height)
  }

  /// `rgb` as ``encode(rgb:width:height:)`` does, in a palette of up to `registers` colours made for it by median
  /// cut (`SixelPalette`): a photo keeps far more of its colours than in the fixed palette.
  public static func encodeAdapted(rgb: [UInt8], width: Int, height: Int, registers: Int = 256) -> String {
    let palette = SixelPalette(rgb: rgb, size: registers)
    let indices = (0..<(width * height)).map { palette.index(rgb[$0 * 3], rgb[$0 * 3 + 1], rgb[$0 * 3 + 2]) }
    let colours = Set(indices).sorted().map { ($0, palette.colours[$0]) }
    return encode(indices: indices, colours: colours, width: width, height: height)
  }

  /// `rgb` cut in stripes `stripeHeight` pixels tall (the last one what is left), each a sixel image of its own in a
  /// palette of up to `registers` colours made for that stripe: a terminal that gives each image its own colour
  /// registers (xterm's `privateColorRegisters`, its default) shows the picture with up to `registers` colours a
  /// stripe, thousands in all, each stripe's nearer to its pixels than one palette for the whole picture.
  public static func encodeStripes(
    rgb: [UInt8], width: Int, height: Int, stripeHeight: Int, registers: Int = 256
  ) -> [String] {
    let stripeHeight = max(1, stripeHeight)
    guard width > 0, height > 0, rgb.count >= width * height * 3 else { return [] }
    return stride(from: 0, to: height, by: stripeHeight).map { top in
      let rows = min(stripeHeight, height - top)
      let stripe = Array(rgb[(top * width * 3)..<((top + rows) * width * 3)])
      return encodeAdapted(rgb: stripe, width: width, height: rows, registers: registers)
    }
  }

  private static func encode(
    indices: [Int], colours: [(Int, (red: Int, green: Int, blue: Int))], width: Int, height: Int
  ) -> String {
    var output = "\u{1B}P0;1;0q\"1;1;\(width);\(height)"
    for (index, colour) in colours {
      output += "#\(index);2;\(percent(colour.red));\(percent(colour.green));\(percent(colour.blue))"
    }
    var band = SixelBand(width: width, registers: (colours.last?.0 ?? -1) + 1)
    for top in stride(from: 0, to: height, by: 6) {
      band.fill(indices: indices, rows: top..<min(height, top + 6))
      output += band.passes(runs: runs).joined(separator: "$") + "-"
    }
    return output + "\u{1B}\\"
  }

  /// The band's characters for six-bit values `bits`, runs of four or more as `!n`, trailing empty ones left out.
  private static func runs(_ bits: ArraySlice<UInt8>, after blanks: Int) -> String {
    var output = blanks >= 4 ? "!\(blanks)?" : String(repeating: "?", count: blanks)
    var values = bits
    while values.last == 0 { values.removeLast() }
    var index = values.startIndex
    while index < values.endIndex {
      let value = values[index]
      var end = index + 1
      while end < values.endIndex, values[end] == value { end += 1 }
      let character = String(UnicodeScalar(63 + value))
      output += end - index >= 4 ? "!\(end - index)" + character : String(repeating: character, count: end - index)
      index = end
    }
    return output
  }
}

/// One band of a sixel image: each colour's six-bit column values, filled in one pass over the band's pixels, and
/// the columns it spans, so a pass costs its colour's span, not the image's width (a photo's band holds hundreds of
/// colours, most of them in a few columns).
private struct SixelBand {
  private let width: Int
  /// Colour `c`'s value at column `x` at `c * width + x`; zero outside the colours' spans between bands.
  private var bits: [UInt8]
  private var first: [Int]
  private var last: [Int]
  private var present: [Int] = []

  init(width: Int, registers: Int) {
    self.width = width
    bits = [UInt8](repeating: 0, count: max(0, registers) * width)
    first = [Int](repeating: Int.max, count: max(0, registers))
    last = [Int](repeating: -1, count: max(0, registers))
  }

  /// Takes the pixels of `rows` (at most six) from `indices`, the picture's palette index of each pixel.
  mutating func fill(indices: [Int], rows: Range<Int>) {
    for index in present {
      for x in first[index]...last[index] { bits[index * width + x] = 0 }
      (first[index], last[index]) = (Int.max, -1)
    }
    present.removeAll(keepingCapacity: true)
    for row in rows {
      let bit = UInt8(1 << (row - rows.lowerBound))
      for x in 0..<width {
        let index = indices[row * width + x]
        if last[index] < 0 { present.append(index) }
        (first[index], last[index]) = (min(first[index], x), max(last[index], x))
        bits[index * width + x] |= bit
      }
    }
    present.sort()
  }

  /// Each colour's pass, in palette order: `#index`, then its columns as `runs` writes them after its blank ones.
  func passes(runs: (ArraySlice<UInt8>, Int) -> String) -> [String] {
    present.map { index in
      "#\(index)" + runs(bits[(index * width + first[index])...(index * width + last[index])], first[index])
    }
  }
}
