/// A palette of at most 256 colours made for one picture by median cut (Heckbert): the colours, counted in a
/// histogram of 5 bits a channel, are split in boxes, the box with the most pixels times its widest channel's range
/// split at its median along that channel, until there are 256 boxes or none can be split; each box's colour is the
/// mean of its pixels. Sixel terminals hold 256 colour registers (xterm's `numColorRegisters`), so a photo keeps up to
/// 256 of its colours instead of the fixed palette's few.
struct SixelPalette {
  /// The palette's colours, in 0…255 samples.
  private(set) var colours: [(red: Int, green: Int, blue: Int)] = []
  /// The palette index of each 15-bit histogram bin.
  private var indexOfBin = [UInt8](repeating: 0, count: 32_768)

  /// The palette of at most `size` colours for `rgb`'s pixels.
  init(rgb: [UInt8], size: Int = 256) {
    var counts = [Int](repeating: 0, count: 32_768)
    for at in stride(from: 0, to: rgb.count - 2, by: 3) { counts[Self.bin(rgb[at], rgb[at + 1], rgb[at + 2])] += 1 }
    var boxes = [counts.indices.filter { counts[$0] > 0 }]
    while boxes.count < size {
      let scored = boxes.indices.map { index in (index, Self.score(boxes[index], counts)) }
      guard let (chosen, score) = scored.max(by: { $0.1.value < $1.1.value }), score.value > 0 else { break }
      let sorted = boxes[chosen].sorted { Self.channel($0, score.channel) < Self.channel($1, score.channel) }
      let total = sorted.reduce(0) { $0 + counts[$1] }
      var (running, cut) = (0, 1)
      for (offset, bin) in sorted.enumerated().dropLast() {
        running += counts[bin]
        cut = offset + 1
        if running * 2 >= total { break }
      }
      boxes[chosen] = Array(sorted[..<cut])
      boxes.append(Array(sorted[cut...]))
    }
    for (index, box) in boxes.enumerated() {
      var sums = (0, 0, 0, 0)
      for bin in box {
        let weight = counts[bin]
        sums = (
          sums.0 + Self.channel(bin, 0) * weight, sums.1 + Self.channel(bin, 1) * weight,
          sums.2 + Self.channel(bin, 2) * weight, sums.3 + weight
        )
        indexOfBin[bin] = UInt8(index)
      }
      let count = max(1, sums.3)
      colours.append(
        ((sums.0 * 8 + 4 * count) / count, (sums.1 * 8 + 4 * count) / count, (sums.2 * 8 + 4 * count) / count))
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
