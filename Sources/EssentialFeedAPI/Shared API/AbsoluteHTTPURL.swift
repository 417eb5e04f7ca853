import Foundation

/// The package's one rule for a URL that comes from outside (a feed item's image, the app's `--url`): absolute,
/// `http` or `https` in any case, with a non-empty host.
public enum AbsoluteHTTPURL {
  /// `string` as a URL when it follows the rule, or `nil`.
  ///
  /// - Parameter string: The URL as received.
  /// - Returns: The URL, or `nil` when it is not absolute http(s) with a host.
  public static func parse(_ string: String) -> URL? {
    hasHTTPSchemeAndHost(string) ? URL(string: string) : nil
  }

  /// Whether `string` starts with `http://` or `https://` (any case) followed by a non-empty host, checked on its
  /// UTF-8 bytes without allocating: mapping is a hot path, and `URL.host()` allocates a string per image. The host
  /// is what follows the authority's last `@` (what precedes it is user info): `http://a@/x` has none.
  static func hasHTTPSchemeAndHost(_ string: String) -> Bool {
    var string = string
    // On a buffer of its bytes: an iterator per string cost ten times as much.
    return string.withUTF8(hasHTTPSchemeAndHost)
  }

  private static func hasHTTPSchemeAndHost(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    for expected in "http".utf8 {
      guard index < bytes.count, bytes[index] | 0x20 == expected else { return false }
      index += 1
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "s") { index += 1 }
    guard index + 3 <= bytes.count, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
      bytes[index + 2] == UInt8(ascii: "/")
    else { return false }
    index += 3
    var hostLength = 0
    var hostStartsWithColon = false
    // The authority ends at `/`, `?` or `#`; compared byte by byte (a search of a string per byte cost more than
    // the rest of the check).
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
      if byte == UInt8(ascii: "@") {
        hostLength = 0
        continue
      }
      if hostLength == 0 { hostStartsWithColon = byte == UInt8(ascii: ":") }
      hostLength += 1
    }
    return hostLength > 0 && !hostStartsWithColon
  }
}
