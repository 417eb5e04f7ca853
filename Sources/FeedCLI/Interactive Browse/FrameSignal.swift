import FeedTerminal
import Foundation

/// Tells a watcher each frame `feed browse` wrote once the terminal has taken it in, for tests that look at a real
/// terminal's screen. With `FEED_BROWSE_FRAMES` naming a file (a FIFO), each frame written is followed by the device
/// attributes query (`ESC [ c`); when the terminal's answer arrives (terminals answer in order, after drawing what
/// came before), a line describing that frame is written, such as
/// `frame detail picture=69x26 cell=6x13 registers=1024 graphics=sixel`: which screen, the detail's picture's size in
/// cells once it shows (the list's: how many rows on screen show their thumbnail), the cell's pixels, the sixel colour
/// registers and the protocol. Nothing happens without the variable.
@MainActor
final class FrameSignal {
  private let handle: FileHandle
  private var pending: [String] = []

  /// The signal the environment asks for, if it does and the file opens.
  init?(environment: [String: String]) {
    guard let path = environment["FEED_BROWSE_FRAMES"], let handle = FileHandle(forWritingAtPath: path) else {
      return nil
    }
    self.handle = handle
  }

  /// The frame of `session`, drawn in `style`, was just written: asks the terminal to answer after it.
  func framed(_ session: BrowseSession, style: BrowsePictureStyle) {
    var line = "frame"
    switch session.mode {
    case .detail(let detail):
      line += " detail"
      if let picture = detail.picture?.image { line += " picture=\(picture.columns)x\(picture.rows)" }
    case .list, .searching:
      let list = session.list
      line += " list thumbnails=\(list.visible.filter { list.view.images[$0]?.image != nil }.count)"
    }
    pending.append(
      line + " cell=\(style.cell.width)x\(style.cell.height) registers=\(style.colourRegisters)"
        + " graphics=\(style.graphics.rawValue)\n")
    TerminalSession.write("\u{1B}[c")
  }

  /// The terminal answered: the oldest frame waiting is on its screen.
  func answered() {
    guard !pending.isEmpty else { return }
    try? handle.write(contentsOf: Data(pending.removeFirst().utf8))
  }
}
