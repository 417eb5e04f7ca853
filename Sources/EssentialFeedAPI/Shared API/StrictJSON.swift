import Foundation

/// The checks that make the package's JSON mapping strict where Foundation's `JSONDecoder` is lenient, so one payload
/// can never mean different things to different clients.
///
/// `JSONDecoder` accepts a comma before a closing `]` or `}`, which RFC 8259 does not; and of a key repeated in one
/// object it reads the first, where `JSONSerialization` reads the last; and it lets bytes that are not UTF-8 through
/// in strings, raw NULs and escapes JSON does not have, and numbers no double holds (`1e309`); and it traps on some
/// deeply nested malformed payloads (FZ-1). All are invalid here, and so is nesting past ``maximumDepth``.
enum StrictJSON {
  /// The deepest nesting of arrays and objects accepted.
  static let maximumDepth = 64

  /// Whether `data` has a trailing comma or a key repeated within one object (outside strings), or a string that is
  /// not UTF-8. One pass over the bytes, with small buffers for the whole payload.
  static func isLenient(_ data: Data) -> Bool {
    scan(data).isLenient
  }

  /// ``isLenient(_:)``, and the work its repeated-key check did: the pairs of keys it compared byte by byte.
  static func scan(_ data: Data) -> (isLenient: Bool, keyComparisons: Int) {
    data.withUnsafeBytes { bytes in
      var scanner = Scanner(bytes)
      let lenient = scanner.findsLeniency()
      return (lenient, scanner.objects.comparisons)
    }
  }

  private struct Scanner {
    /// Where the number starting at `start` ends.
    func endOfNumber(from start: Int) -> Int {
      var end = start
      while end < bytes.count, Self.numberBytes.contains(bytes[end]) { end += 1 }
      return end
    }

    private static let numberBytes = Set("+-0123456789.eE".utf8)

    let bytes: UnsafeRawBufferPointer
    /// The keys of the objects open now.
    var objects = OpenObjects()
    /// Whether each open container is an object (true) or an array.
    var containers: [Bool] = []

    init(_ bytes: UnsafeRawBufferPointer) {
      self.bytes = bytes
      containers.reserveCapacity(8)
    }

    mutating func findsLeniency() -> Bool {
      var index = 0
      var lastSignificant: UInt8 = 0
      var expectingKey = false
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
          index += 1
          continue
        case UInt8(ascii: "\""):
          let start = index + 1
          let (end, ascii, invalid) = endOfString(from: start)
          index = end
          if invalid || (!ascii && !Self.isUTF8(bytes[start..<end])) { return true }
          if expectingKey, objects.isRepeated(start..<index, in: bytes) { return true }
          expectingKey = false
        case UInt8(ascii: "{"):
          if containers.count == StrictJSON.maximumDepth { return true }
          containers.append(true)
          objects.open()
          expectingKey = true
        case UInt8(ascii: "["):
          if containers.count == StrictJSON.maximumDepth { return true }
          containers.append(false)
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
          if lastSignificant == UInt8(ascii: ",") || containers.isEmpty { return true }  // a comma, or nothing open
          if containers.popLast() == true { objects.close() }
          expectingKey = false
        case UInt8(ascii: ","):
          expectingKey = containers.last == true
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          // A number no double holds (1e309): `JSONSerialization` refuses it where `JSONDecoder` lets it by.
          let end = endOfNumber(from: index)
          guard Double(String(decoding: bytes[index..<end], as: UTF8.self))?.isFinite ?? false else { return true }
          index = end - 1
          expectingKey = false
        default:
          expectingKey = false
        }
        lastSignificant = byte
        index += 1
      }
      return false
    }

    /// The index of the closing quote of the string whose content starts at `start` (or the end of the bytes),
    /// whether the string is all ASCII, and whether it holds what JSON forbids: a raw control character, or an escape
    /// other than `\"` `\\` `\/` `\b` `\f` `\n` `\r` `\t` and `\u` with four hex digits.
    private func endOfString(from start: Int) -> (end: Int, ascii: Bool, invalid: Bool) {
      var index = start
      var ascii = true
      var invalid = false
      while index < bytes.count {
        if index + 8 <= bytes.count {
          let plain = StrictJSON.plainBytes(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian)
          index += plain
          if plain == 8 { continue }
        }
        switch bytes[index] {
        case UInt8(ascii: "\\"):
          invalid = invalid || !isValidEscape(at: index + 1)
          index += 2
        case UInt8(ascii: "\""): return (index, ascii, invalid)
        case 0x80...:
          ascii = false
          index += 1
        case ..<0x20:
          invalid = true
          index += 1
        default: index += 1
        }
      }
      return (bytes.count, ascii, invalid)
    }

    private func isValidEscape(at index: Int) -> Bool {
      guard index < bytes.count else { return false }
      if #"\"\\/bfnrt"#.utf8.contains(bytes[index]) { return true }
      guard bytes[index] == UInt8(ascii: "u"), index + 4 < bytes.count else { return false }
      return bytes[(index + 1)...(index + 4)].allSatisfy { byte in
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
      }
    }

    private static func isUTF8(_ slice: Slice<UnsafeRawBufferPointer>) -> Bool {
      var iterator = slice.makeIterator()
      var decoder = UTF8()
      while true {
        switch decoder.decode(&iterator) {
        case .scalarValue: continue
        case .emptyInput: return true
        case .error: return false
        }
      }
    }
  }
}
