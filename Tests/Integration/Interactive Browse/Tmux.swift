import Foundation
import Synchronization
import TestSupport
import Testing

/// A tmux server of its own (its own socket, no configuration) running one command in a detached session of a
/// given size: keys sent as tmux names them, the screen read with `capture-pane`.
struct Tmux {
  static let path = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  let socket = "essentialfeed-\(UUID().uuidString.prefix(8))"
  /// Told each time the pane writes to the terminal: the screen is read again only then.
  let output = PaneOutput()

  /// Starts `command` (a shell command line) in a session `columns` × `rows`.
  func start(_ command: String, columns: Int = 100, rows: Int = 30) async throws {
    // No pipe for its output: the tmux server it forks would hold the pipe open, and reading it would never end.
    try await run(["new-session", "-d", "-s", "feed", "-x", "\(columns)", "-y", "\(rows)", command], output: false)
    // Output from here on is copied to the FIFO; the screen read after this shows what came before.
    try output.start()
    try await run(["pipe-pane", "-t", "feed", "cat >> '\(output.path)'"])
  }

  /// The screen's text, one line per row.
  func screen() async throws -> String {
    try await run(["capture-pane", "-p", "-t", "feed"])
  }

  /// The screen with its colours: `capture-pane -e` keeps each cell's Select Graphic Rendition sequences.
  func styledScreen() async throws -> String {
    try await run(["capture-pane", "-p", "-e", "-t", "feed"])
  }

  /// A tmux format of the pane, such as `#{alternate_on}`.
  func pane(_ format: String) async throws -> String {
    try await run(["display-message", "-p", "-t", "feed", format]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Sends keys, each as tmux names it (`PageDown`, `Enter`, `q`…).
  func send(_ keys: String...) async throws {
    try await run(["send-keys", "-t", "feed"] + keys)
  }

  /// Resizes the session's window.
  func resize(columns: Int, rows: Int) async throws {
    try await run(["resize-window", "-t", "feed", "-x", "\(columns)", "-y", "\(rows)"])
  }

  /// Suspends until the screen satisfies `condition`, reading it again each time the pane writes to the terminal;
  /// fails the test with the last screen after `seconds` (a bound on a hang, not a verdict on speed: five minutes, as
  /// a minute was seen to pass while a starved app was about to answer).
  @discardableResult
  func waitForScreen(
    _ what: String, seconds: Double = 300, sourceLocation: SourceLocation = #_sourceLocation,
    until condition: (String) -> Bool
  ) async throws -> String {
    let deadline = ContinuousClock.now + .seconds(seconds)
    let alarm = Task { [changes = output.changes] in
      try? await Task.sleep(until: deadline)
      changes.changed()
    }
    defer { alarm.cancel() }
    while true {
      let version = output.changes.version
      let last = try await screen()
      if condition(last) { return last }
      guard ContinuousClock.now < deadline else {
        Issue.record("timed out waiting for \(what); the screen:\n\(last)", sourceLocation: sourceLocation)
        return last
      }
      await output.changes.change(after: version)
    }
  }

  /// Ends the tmux server and everything in it.
  func kill() async {
    _ = try? await run(["kill-server"])
    output.stop()
  }

  /// Runs tmux with `arguments` and waits for it; its output when `output`.
  ///
  /// Spawned and reaped here rather than with `Process`: `tmux new-session` forks the tmux server, and
  /// Foundation's `Process.waitUntilExit` on Linux then spins without noticing the client's exit.
  @discardableResult
  private func run(_ arguments: [String], output: Bool = true) async throws -> String {
    guard let path = Self.path else { throw CocoaError(.fileNoSuchFile) }
    let command = [path, "-L", socket, "-f", "/dev/null"] + arguments
    return try await offPool { spawnAndWait(command, output: output).map(\.output) }.get()
  }
}

/// A FIFO that tmux's `pipe-pane` copies the pane's output into, read on a thread of its own: each read tells
/// ``changes``.
final class PaneOutput: Sendable {
  let path = FileManager.default.temporaryDirectory.appending(path: "essentialfeed-pane-\(UUID().uuidString)")
    .path(percentEncoded: false)
  let changes = StateChanges()
  private let descriptor = Mutex<Int32>(-1)
  private let closing = Mutex(false)

  /// Makes the FIFO and starts reading it. Opened for reading and writing, so the open never waits for tmux.
  func start() throws {
    guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
    let fd = open(path, O_RDWR)
    guard fd >= 0 else { throw CocoaError(.fileReadUnknown) }
    descriptor.withLock { $0 = fd }
    Thread.detachNewThread { [self] in
      var buffer = [UInt8](repeating: 0, count: 4_096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 || closing.withLock({ $0 }) { break }
        changes.changed()
      }
      close(fd)
      unlink(path)
    }
  }

  /// Stops the reader: a byte of our own wakes it to see it should stop.
  func stop() {
    let fd = descriptor.withLock { $0 }
    guard fd >= 0 else { return }
    closing.withLock { $0 = true }
    var byte: UInt8 = 0
    _ = write(fd, &byte, 1)
  }
}
