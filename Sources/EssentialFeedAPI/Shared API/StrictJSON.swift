import Foundation

/// The checks that make the package's JSON mapping strict where Foundation's `JSONDecoder` is lenient.
///
/// `JSONDecoder` accepts a comma before a closing `]` or `}`, which RFC 8259 does not; a payload another parser would
/// reject must not map here either.
enum StrictJSON {
  /// Whether `data` has a comma directly (whitespace aside) before a closing bracket or brace, outside strings.
  static func hasTrailingComma(_ data: Data) -> Bool {
    data.withUnsafeBytes { bytes in
      var inString = false
      var escaped = false
      var lastSignificant: UInt8 = 0
      for byte in bytes {
        if inString {
          if escaped {
            escaped = false
          } else if byte == UInt8(ascii: "\\") {
            escaped = true
          } else if byte == UInt8(ascii: "\"") {
            inString = false
            lastSignificant = byte
          }
          continue
        }
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "]"), UInt8(ascii: "}"): if lastSignificant == UInt8(ascii: ",") { return true }
        default: break
        }
        lastSignificant = byte
      }
      return false
    }
  }
}
