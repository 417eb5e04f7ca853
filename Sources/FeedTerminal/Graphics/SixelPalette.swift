/// A palette of at most `size` colours (up to 1,024) made for one picture by median cut (Heckbert): the colours,
/// counted in a histogram of 5 bits a channel, are split in boxes, the box with the most pixels times its widest
/// channel's range split at its median along that channel, until there are `size` boxes or none can be split; each
/// box's colour is the mean of its pixels. A sixel terminal holds as many colours at once as it has colour registers
/// (xterm's `numColorRegisters`: 16 for a VT340 by default, up to 1,024 when the app asks), so a photo keeps that
/// many of its colours instead of the fixed palette's few.
struct SixelPalette {
  /// The palette's colours, in 0…255 samples.
  private(set) var colours: [(red: Int, green: Int, blue: Int)] = []
  /// The palette index of each 15-bit histogram bin.
  private var indexOfBin = [UInt16](repeating: 0, count: 32_768)

  /// The largest palette: xterm's most colour registers.
  static let largest = 1_024

  /// The palette of at most `size` colours (2 to ``largest``) for `rgb`'s pixels.
  init(rgb: [UInt8], size: Int = 256) {
    let size = min(max(size, 2), Self.largest)
    var counts = [Int](repeating: 0, count: 32_768)
    // The pixels' own samples summed per bin: a box's colour is the mean of its pixels, not of its bins' centres, so
    // two stripes with one bin each in a box still get their own colours.
    var sums = [Int](repeating: 0, count: 32_768 * 3)
    for at in stride(from: 0, to: rgb.count - 2, by: 3) {
      let bin = Self.bin(rgb[at], rgb[at + 1], rgb[at + 2])
      counts[bin] += 1
      (sums[bin * 3], sums[bin * 3 + 1], sums[bin * 3 + 2]) = (
        sums[bin * 3] + Int(rgb[at]), sums[bin * 3 + 1] + Int(rgb[at + 1]), sums[bin * 3 + 2] + Int(rgb[at + 2])
      )
    }
    var boxes = [counts.indices.filter { counts[$0] > 0 }]
    var scores = boxes.map { Self.score($0, counts) }  // kept beside the boxes: only a split box's two change
    while boxes.count < size {
      guard let chosen = scores.indices.max(by: { scores[$0].value < scores[$1].value }), scores[chosen].value > 0
      else { break }
      let channel = scores[chosen].channel
      let sorted = boxes[chosen].sorted { Self.channel($0, channel) < Self.channel($1, channel) }
      let total = sorted.reduce(0) { $0 + counts[$1] }
      var (running, cut) = (0, 1)
      for (offset, bin) in sorted.enumerated().dropLast() {
        running += counts[bin]
        cut = offset + 1
        if running * 2 >= total { break }
      }
      boxes[chosen] = Array(sorted[..<cut])
      boxes.append(Array(sorted[cut...]))
      scores[chosen] = Self.score(boxes[chosen], counts)
      scores.append(Self.score(boxes[boxes.count - 1], counts))
    }
    for (index, box) in boxes.enumerated() {
      var total = (0, 0, 0, 0)
      for bin in box {
        total = (
          total.0 + sums[bin * 3], total.1 + sums[bin * 3 + 1], total.2 + sums[bin * 3 + 2], total.3 + counts[bin]
        )
        indexOfBin[bin] = UInt16(index)
      }
      let count = max(1, total.3)
      colours.append(((total.0 + count / 2) / count, (total.1 + count / 2) / count, (total.2 + count / 2) / count))
    }
  }

  /// The palette index of the colour `red`, `green`, `blue`.
  func index(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int { Int(indexOfBin[Self.bin(red, green, blue)]) }

  private static func bin(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
    Int(red >> 3) << 10 | Int(green >> 3) << 5 | Int(blue >> 3)
  }

  /// Channel `channel` (0 red, 1 green, 2 blue) of `bin`, 0…31.
  private static func channel(_ bin: Int, _ channel: Int) -> Int { bin >> (10 - 5 * channel) & 31 }

  /// How much splitting `box` is worth: its pixels times its widest channel's range, and that channel.
  private static func score(_ box: [Int], _ counts: [Int]) -> (value: Int, channel: Int) {
    guard box.count > 1 else { return (0, 0) }
    let ranges = (0..<3).map { channel in
      let values = box.map { Self.channel($0, channel) }
      return (values.max() ?? 0) - (values.min() ?? 0)
    }
    let channel = ranges.indices.max { ranges[$0] < ranges[$1] } ?? 0
    return (box.reduce(0) { $0 + counts[$1] } * ranges[channel], channel)
  }
}
