#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TerminalSession {
  /// A character cell's size in pixels as the kernel knows it (`ws_xpixel`, `ws_ypixel`), or `nil` when the
  /// terminal leaves them 0, as many do.
  public static var cellSize: CellSize? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
      size.ws_xpixel >= size.ws_col, size.ws_ypixel >= size.ws_row
    else { return nil }
    return CellSize(width: Int(size.ws_xpixel / size.ws_col), height: Int(size.ws_ypixel / size.ws_row))
  }
}
