/// Decodes a sixel image back to pixels, for the tests to compare with what was encoded: DCS `ESC P … q`, raster
/// attributes `"Pan;Pad;width;height`, colours `#n;2;r;g;b` (percent), colour selection `#n`, sixel characters,
/// repeats `!n`, carriage return `$`, next band `-`, string terminator `ESC \`.
struct SixelDecoder {
  private(set) var width = 0
  private(set) var height = 0
  /// Each pixel's colour, `nil` where nothing was drawn.
  private(set) var pixels: [(red: UInt8, green: UInt8, blue: UInt8)?] = []
  private var palette: [Int: (red: UInt8, green: UInt8, blue: UInt8)] = [:]

  enum Failure: Error { case malformed(String) }

  init(_ text: String) throws {
    var scalars = Array(text.unicodeScalars)[...]
    guard scalars.starts(with: "\u{1B}P".unicodeScalars), scalars.last == "\\" else { throw Failure.malformed("DCS") }
    scalars = scalars.dropFirst(2).dropLast(2)
    guard let q = scalars.firstIndex(of: "q") else { throw Failure.malformed("no q") }
    scalars = scalars[(q + 1)...]
    var (x, band, colour) = (0, 0, 0)
    func number() -> Int {
      var value = 0
      while let digit = scalars.first?.properties.numericType != nil ? Int(String(scalars[scalars.startIndex])) : nil {
        value = value * 10 + digit
        scalars.removeFirst()
      }
      return value
    }
    func numbers() -> [Int] {
      var values = [number()]
      while scalars.first == ";" {
        scalars.removeFirst()
        values.append(number())
      }
      return values
    }
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "\"":
        let raster = numbers()
        guard raster.count == 4 else { throw Failure.malformed("raster") }
        (width, height) = (raster[2], raster[3])
        pixels = Array(repeating: nil, count: width * height)
      case "#":
        let values = numbers()
        colour = values[0]
        if values.count == 5 {
          guard values[1] == 2 else { throw Failure.malformed("colour space") }
          palette[colour] = (percent(values[2]), percent(values[3]), percent(values[4]))
        }
      case "$": x = 0
      case "-": (x, band) = (0, band + 1)
      case "!":
        let count = number()
        guard let character = scalars.popFirst() else { throw Failure.malformed("repeat") }
        for _ in 0..<count { try draw(character, x: &x, band: band, colour: colour) }
      default: try draw(scalar, x: &x, band: band, colour: colour)
      }
    }
  }

  private func percent(_ value: Int) -> UInt8 { UInt8((value * 255 + 50) / 100) }

  private mutating func draw(_ character: Unicode.Scalar, x: inout Int, band: Int, colour: Int) throws {
    guard (63...126).contains(character.value), let rgb = palette[colour] else {
      throw Failure.malformed("sixel \(character) or colour \(colour)")
    }
    let bits = Int(character.value) - 63
    for bit in 0..<6 where bits & (1 << bit) != 0 {
      let y = band * 6 + bit
      guard x < width, y < height else { throw Failure.malformed("pixel \(x), \(y) outside") }
      pixels[y * width + x] = rgb
    }
    x += 1
  }
}
