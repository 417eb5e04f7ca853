/// The one rule for text that reaches a terminal: what a server or a cache file says (a description, a location, a
/// comment, a keyword) is shown, never obeyed.
///
/// Control characters (C0, DEL, C1: ESC starts every CSI and OSC sequence, and OSC 52 writes the clipboard) and
/// format characters (bidirectional overrides and isolates, U+200E/F, U+061C, zero-width spaces: they reorder or hide
/// what follows) are replaced by `�` in text, and escaped as `\uXXXX` in JSON, which stays the same JSON. Line and
/// paragraph separators count as controls. The zero-width joiner stays: it joins emoji, and moves nothing.
public enum TerminalText {
  /// The character shown in place of an unsafe one.
  public static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// Whether `scalar` would act on the terminal, or on the order of what follows, instead of being shown.
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return true }
    guard value >= 0x200 else { return value == 0xAD }  // the soft hyphen is the one format character below
    switch scalar.properties.generalCategory {
    case .format: return value != 0x200D
    case .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }

  /// Whether `character` holds an unsafe scalar.
  public static func isUnsafe(_ character: Character) -> Bool {
    character.unicodeScalars.contains(where: isUnsafe)
  }

  /// `text` with every unsafe scalar replaced by `�`: one field on one line (a newline in it is replaced too), or,
  /// with `keepingNewlines`, text of many lines (a newline is kept, a carriage return is not).
  public static func sanitized(_ text: String, keepingNewlines: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let kept = !isUnsafe(scalar) || (keepingNewlines && scalar == "\n")
      result.append(kept ? scalar : replacement)
    }
    return String(result)
  }

  /// `text` as one field on one line: ``sanitized(_:keepingNewlines:)`` with newlines replaced too.
  public static func line(_ text: String) -> String {
    sanitized(text)
  }

  /// The JSON text `json` with every unsafe scalar it holds raw escaped as `\uXXXX` (UTF-16, a surrogate pair past the
  /// BMP), so the same JSON shows nothing a terminal obeys. Outside strings JSON holds only ASCII and whitespace; the
  /// whitespace (newline, tab, carriage return) is kept, and inside strings encoders escape it already.
  public static func jsonEscaped(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: { isUnsafe($0) && !isJSONWhitespace($0) }) else { return json }
    var result = ""
    result.reserveCapacity(json.utf8.count + 16)
    for scalar in json.unicodeScalars {
      guard isUnsafe(scalar), !isJSONWhitespace(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      for unit in String(scalar).utf16 {
        let hex = String(unit, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return result
  }

  private static func isJSONWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\n" || scalar == "\t" || scalar == "\r"
  }
}
