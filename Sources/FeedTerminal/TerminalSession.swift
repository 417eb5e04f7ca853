import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the terminal could not do.
public enum TerminalError: Error, Hashable, Sendable {
  /// Standard input or output is not a terminal (a pipe, a file): there is no screen to draw on.
  case notATerminal
  /// The terminal refused its settings; `errno` says why.
  case settings(errno: Int32)
}

extension TerminalError: CustomStringConvertible {
  /// One line for the customer.
  public var description: String {
    switch self {
    case .notATerminal: "standard input and output must be a terminal for the full screen (use --report in a pipe)"
    case .settings(let number): "the terminal refused raw mode: \(String(cString: strerror(number)))"
    }
  }
}

/// The terminal in raw mode on the alternate screen, for as long as the session lasts: keys arrive one by one and
/// unechoed, and ``restore()`` puts back the settings and the screen the customer had. The settings are also put
/// back when the process dies of a crash signal (`SIGSEGV`, `SIGBUS`, `SIGILL`, `SIGTRAP`, `SIGABRT`, `SIGFPE`):
/// a handler restores them and lets the signal end the process as it would have.
public final class TerminalSession: Sendable {
  private let original: termios
  private let restored = Mutex(false)

  /// Whether standard input and output are both a terminal.
  public static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  /// The terminal's size in columns and rows, or `nil` when standard output is not a terminal.
  public static var size: (columns: Int, rows: Int)? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Puts the terminal in raw mode and switches to the alternate screen.
  ///
  /// - Throws: ``TerminalError``: not a terminal, or settings refused (the terminal is then unchanged).
  public init() throws(TerminalError) {
    guard Self.isInteractive else { throw .notATerminal }
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else { throw .settings(errno: errno) }
    original = settings
    cfmakeraw(&settings)
    settings.c_oflag |= tcflag_t(OPOST)  // keep "\n" as a new line for anything printed by accident
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings) == 0 else { throw .settings(errno: errno) }
    CrashRestore.install(original)
    Self.write(ANSIFrame.enter)
  }

  /// Puts back the terminal's settings and screen; only the first call does anything.
  public func restore() {
    guard
      restored.withLock({ done in
        defer { done = true }
        return !done
      })
    else { return }
    CrashRestore.uninstall()
    Self.write(ANSIFrame.leave)
    var settings = original
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
  }

  /// Writes `text` to standard output, all of it (a terminal can take a large frame in several writes, and a
  /// non-blocking one is waited for: ``OutputWriter``). A terminal that is gone has nothing more to show.
  public static func write(_ text: String) {
    _ = OutputWriter.writeAll(text, to: STDOUT_FILENO)
  }
}

/// The crash path: a signal handler can only use async-signal-safe calls, so the settings to restore are copied
/// once into a global, and the escape sequence is a static string. The handlers that were installed before (the Swift
/// runtime's backtracer) are kept and put back by ``uninstall()``. A crash during the session ends the process with
/// the signal's default action: the backtracer, handed a signal sent by `kill` while the screen was up, was seen to
/// wait or spin instead of ending the process.
private enum CrashRestore {
  nonisolated(unsafe) static var settings = termios()
  /// The handlers installed before, one per signal in ``signals``; allocated once, never freed.
  nonisolated(unsafe) static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 8)
  static let installed = Atomic<Bool>(false)
  static let signals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  static func install(_ original: termios) {
    settings = original
    for (index, number) in signals.enumerated() {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handle
      #else
        action.__sigaction_u.__sa_handler = handle
      #endif
      sigemptyset(&action.sa_mask)
      sigaction(number, &action, previous + index)
    }
    installed.store(true, ordering: .releasing)
  }

  static func uninstall() {
    installed.store(false, ordering: .releasing)
    for (index, number) in signals.enumerated() { sigaction(number, previous + index, nil) }
  }

  /// Restores the terminal and raises the signal again with its default action: it ends the process when this
  /// handler returns.
  static let handle: @convention(c) (Int32) -> Void = { number in
    if CrashRestore.installed.load(ordering: .acquiring) {
      _ = tcsetattr(STDIN_FILENO, TCSANOW, &CrashRestore.settings)
      let leave: StaticString = "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"
      _ = systemWrite(STDOUT_FILENO, leave.utf8Start, leave.utf8CodeUnitCount)
    }
    signal(number, SIG_DFL)
    raise(number)
  }
}

/// The system's `write`, by a name the session's own `write(_:)` does not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
