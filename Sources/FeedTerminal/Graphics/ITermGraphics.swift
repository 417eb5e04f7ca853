import FeedImages
import Foundation

/// iTerm2's inline images (<https://iterm2.com/documentation-images.html>): an OSC escape sequence
/// `ESC ] 1337 ; File=<arguments> : <base64 of an image file> BEL`. The file is a PNG (libpng), which the terminal
/// scales into a box of cells.
public enum ITermGraphics {
  /// `picture` as a PNG shown inline at the cursor, stretched to `columns` × `rows` cells, the cursor left where it
  /// was; `nil` when the PNG could not be written.
  public static func encode(_ picture: Picture, columns: Int, rows: Int) -> String? {
    guard let file = try? PNG.encode(picture) else { return nil }
    let arguments = [
      "inline=1", "size=\(file.count)", "width=\(columns)", "height=\(rows)", "preserveAspectRatio=0",
      "doNotMoveCursor=1",
    ]
    return "\u{1B}]1337;File=" + arguments.joined(separator: ";") + ":" + file.base64EncodedString() + "\u{07}"
  }
}
