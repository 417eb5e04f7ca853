import Foundation

/// kitty's graphics protocol (<https://sw.kovidgoyal.net/kitty/graphics-protocol/>): an image is an APC escape
/// sequence `ESC _ G <keys> ; <base64 payload> ESC \`, its payload in chunks of at most 4,096 base64 bytes, every
/// chunk but the last with `m=1`, the chunks after the first with only `m` and `q`.
public enum KittyGraphics {
  /// The most base64 bytes one escape sequence carries, as the specification asks.
  public static let chunkSize = 4_096

  /// Transmits and shows RGB pixels at the cursor, scaled by the terminal into `columns` × `rows` cells, the cursor
  /// left where it was (`C=1`) and every answer suppressed (`q=2`: an answer would arrive as keys).
  ///
  /// - Parameters:
  ///   - rgb: Red, green and blue samples of `width` × `height` pixels, row by row (`f=24`).
  ///   - id: The image's id (`i`), which ``delete(id:)`` takes back; a new transmission with it replaces the image.
  public static func transmit(rgb: [UInt8], width: Int, height: Int, id: UInt32, columns: Int, rows: Int) -> String {
    transmit(
      base64: Data(rgb).base64EncodedString(), width: width, height: height, id: id, columns: columns, rows: rows)
  }

  /// ``transmit(rgb:width:height:id:columns:rows:)`` of pixels already in base64.
  public static func transmit(
    base64: String, width: Int, height: Int, id: UInt32, columns: Int, rows: Int
  ) -> String {
    let payload = Array(base64.utf8)
    let keys = "a=T,f=24,s=\(width),v=\(height),i=\(id),c=\(columns),r=\(rows),C=1,q=2"
    var output = ""
    var start = 0
    repeat {
      let end = min(payload.count, start + chunkSize)
      let more = end < payload.count
      let control = start == 0 ? keys + (more ? ",m=1" : "") : "m=\(more ? 1 : 0),q=2"
      output += "\u{1B}_G" + control + ";" + String(decoding: payload[start..<end], as: UTF8.self) + "\u{1B}\\"
      start = end
    } while start < payload.count
    return output
  }

  /// Deletes image `id`'s placements and frees its data (`d=I`): nothing of it stays on the screen or in the
  /// terminal's memory.
  public static func delete(id: UInt32) -> String {
    "\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\"
  }
}
