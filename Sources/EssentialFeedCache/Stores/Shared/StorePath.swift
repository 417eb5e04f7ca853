/// Splits and joins the paths a store builds, on their UTF-8 bytes, with the results of Foundation's `NSString` path
/// methods (a split compresses doubled slashes and drops a trailing one). Those methods walk the string character by
/// character: they were half of an image insert's instructions.
enum StorePath {
  private static let slash = UInt8(ascii: "/")

  /// The directory holding `path` (`"/"` for a file at the root, `""` for a bare name) and its last component (`"/"`
  /// for the root), from one pass over its bytes.
  static func split(_ path: String) -> (parent: String, name: String) {
    var bytes: [UInt8] = []  // runs of slashes made one, no trailing slash unless it is the root
    bytes.reserveCapacity(path.utf8.count)
    for byte in path.utf8 where byte != slash || bytes.last != slash { bytes.append(byte) }
    if bytes.count > 1, bytes.last == slash { bytes.removeLast() }
    guard bytes != [slash] else { return ("/", "/") }
    guard let last = bytes.lastIndex(of: slash) else { return ("", String(decoding: bytes, as: UTF8.self)) }
    let parent = last == 0 ? "/" : String(decoding: bytes[..<last], as: UTF8.self)
    return (parent, String(decoding: bytes[(last + 1)...], as: UTF8.self))
  }

  /// The directory holding `path`: `"/"` for a file at the root, `""` for a bare name.
  static func parent(of path: String) -> String {
    split(path).parent
  }

  /// The last component of `path`: `"/"` for the root.
  static func lastComponent(of path: String) -> String {
    split(path).name
  }

  /// `name` in `directory`, which is left as it is (as Foundation does): the slash added only when missing.
  static func appending(_ name: String, to directory: String) -> String {
    if directory.isEmpty { return name }
    let separator = directory.utf8.last == slash ? 0 : 1
    // One string of the known length, its bytes copied in: `+` made two strings, growing the first.
    return String(unsafeUninitializedCapacity: directory.utf8.count + separator + name.utf8.count) { buffer in
      var end = buffer.initialize(fromContentsOf: directory.utf8)
      if separator == 1 {
        buffer[end] = slash
        end += 1
      }
      return buffer[end...].initialize(fromContentsOf: name.utf8)  // an index of the whole buffer
    }
  }
}
