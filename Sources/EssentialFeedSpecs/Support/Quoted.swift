/// A text as a failure shows it: in quotes, with every character that would not show (controls, line and
/// paragraph separators, format characters such as bidi marks) written as an escape, so a tab or a U+2028 reads as
/// what it is and never breaks the message's lines.
func shownQuoted(_ text: String) -> String {
  var shown = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": shown += "\\\""
    case "\\": shown += "\\\\"
    case "\t": shown += "\\t"
    case "\n": shown += "\\n"
    case "\r": shown += "\\r"
    case "\0": shown += "\\0"
    default:
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse, .surrogate:
        shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: shown.unicodeScalars.append(scalar)
      }
    }
  }
  return shown + "\""
}
