import FeedImages
import Foundation

/// A made-up landscape, the same for a variant on every run: a sky shading to the horizon, a sun, two ranges of
/// hills, water in half of them, and grain, so a thumbnail of it looks like a photo.
struct Landscape {
  private let sky: (top: RGB, horizon: RGB)
  private let hills: (far: RGB, near: RGB)
  private let sun: (x: Double, y: Double, radius: Double, colour: RGB)
  private let phase: Double
  private let hasWater: Bool
  private let seed: UInt64

  typealias RGB = (red: Double, green: Double, blue: Double)

  private static let skies: [(top: RGB, horizon: RGB)] = [
    ((40, 90, 170), (170, 205, 235)), ((25, 30, 80), (240, 140, 80)), ((70, 40, 110), (250, 180, 120)),
    ((10, 20, 45), (60, 90, 140)),
  ]
  private static let ranges: [(far: RGB, near: RGB)] = [
    ((90, 120, 140), (40, 95, 45)), ((120, 90, 110), (70, 60, 40)), ((80, 100, 120), (120, 110, 60)),
    ((60, 70, 100), (20, 50, 40)),
  ]

  init(variant: Int) {
    sky = Self.skies[variant % 4]
    hills = Self.ranges[(variant / 4 + variant) % 4]
    let sunColour: RGB = variant % 4 == 3 ? (230, 230, 210) : (255, 220, 120)
    sun = (
      0.2 + Double(variant % 5) * 0.15, 0.18 + Double(variant % 3) * 0.08, 0.06 + Double(variant % 2) * 0.03, sunColour
    )
    phase = Double(variant) * 1.7
    hasWater = variant % 2 == 0
    seed = UInt64(variant) &* 0x9E37_79B9_7F4A_7C15 | 1
  }

  /// The landscape drawn at `width` × `height`; `nil` for a size no ``Picture`` has. The ridges are worked out once
  /// a column, so a 2048 × 2048 picture costs a few operations a pixel.
  func picture(width: Int, height: Int) -> Picture? {
    let ridges = (0..<width).map { x in ridgeHeights(u: Double(x) / Double(width)) }
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    var grain = seed
    for y in 0..<height {
      let v = Double(y) / Double(height)
      let skyRow = skyColour(v: v)
      for x in 0..<width {
        var colour = self.colour(u: Double(x) / Double(width), v: v, ridges: ridges[x], sky: skyRow)
        grain = grain &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let noise = Double(Int(grain >> 59) - 16) * 0.9
        colour = (colour.red + noise, colour.green + noise, colour.blue + noise)
        let at = (y * width + x) * 3
        pixels[at] = Self.sample(colour.red)
        pixels[at + 1] = Self.sample(colour.green)
        pixels[at + 2] = Self.sample(colour.blue)
      }
    }
    return Picture(width: width, height: height, pixels: pixels)
  }

  /// Where the far and near hills start, from the top, in column `u`.
  private func ridgeHeights(u: Double) -> (far: Double, near: Double) {
    (
      0.55 + 0.06 * sin(u * 9 + phase) + 0.03 * sin(u * 23 + phase * 2),
      0.68 + 0.08 * sin(u * 5 + phase * 3) + 0.02 * sin(u * 41)
    )
  }

  private func colour(u: Double, v: Double, ridges: (far: Double, near: Double), sky: RGB) -> RGB {
    let shore = 0.82
    if hasWater, v > shore { return Self.mix(skyColour(v: 1.6 - v), (20, 40, 70), 0.45 + 0.1 * sin(v * 180)) }
    if v > ridges.near { return Self.mix(hills.near, (0, 0, 0), (v - ridges.near) * 1.2) }
    if v > ridges.far { return Self.mix(hills.far, self.sky.horizon, 0.25) }
    let (dx, dy) = (u - sun.x, v - sun.y)
    let distance = (dx * dx + dy * dy).squareRoot()
    if distance < sun.radius { return sun.colour }
    let glow = max(0, 1 - (distance - sun.radius) * 6) * 0.35
    return glow > 0 ? Self.mix(sky, sun.colour, glow) : sky
  }

  private func skyColour(v: Double) -> RGB { Self.mix(sky.top, sky.horizon, min(1, max(0, v / 0.6))) }

  private static func mix(_ a: RGB, _ b: RGB, _ t: Double) -> RGB {
    let t = min(1, max(0, t))
    return (a.red + (b.red - a.red) * t, a.green + (b.green - a.green) * t, a.blue + (b.blue - a.blue) * t)
  }

  private static func sample(_ value: Double) -> UInt8 { UInt8(min(255, max(0, value.rounded()))) }
}
