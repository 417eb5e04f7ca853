import FeedImages
import Foundation
import Synchronization
import TestSupport
import Testing

extension Tag {
  /// Tests that run `feed browse` in a real terminal emulator (xterm under Xvfb) and look at its pixels.
  @Tag static var realTerminal: Self
}

/// An X server of its own (Xvfb, on the display it finds free) running one xterm at `+0+0` without borders, whose
/// screen is read with ImageMagick's `import` and whose keys are sent with `xdotool`.
final class XTermScreen: Sendable {
  /// The programs it needs; a test that uses it is skipped, saying so, when one is missing.
  static let tools = ["/usr/bin/Xvfb", "/usr/bin/xterm", "/usr/bin/import", "/usr/bin/xdotool"]
  static var isAvailable: Bool { tools.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) } }

  let display: String
  private let server: Process
  private let terminal = Mutex<Process?>(nil)
  /// Told when xterm or Xvfb exits: Foundation's `waitUntilExit` spins on Linux, so ``stop()`` waits on this.
  private let exits = StateChanges()

  /// Starts Xvfb with a 24-bit screen; returns once it says which display it took (`-displayfd`).
  init() async throws {
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
    server.arguments = ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
    let output = Pipe()
    server.standardOutput = output
    server.standardError = FileHandle.nullDevice
    server.terminationHandler = { [exits] _ in exits.changed() }
    try server.run()
    let number = await offPool { () -> String in
      var bytes = Data()
      while !bytes.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        bytes += chunk
      }
      return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    (self.server, display) = (server, ":" + number)
  }

  /// Runs `command` (a shell command line) in an xterm of `columns` × `rows` with `options` (`-ti vt340`…), its colour
  /// registers as xterm sets them (16 for a VT340: the app asks for more).
  func run(_ command: String, options: [String], columns: Int = 120, rows: Int = 40) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xterm")
    process.arguments =
      options + [
        "-b", "0", "-bw", "0", "-geometry", "\(columns)x\(rows)+0+0", "-xrm", "XTerm*allowWindowOps: true", "-e",
        "/bin/sh", "-c", command,
      ]
    process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.terminationHandler = { [exits] _ in exits.changed() }
    try process.run()
    terminal.withLock { $0 = process }
  }

  /// Presses `key` (as xdotool names it: `Return`, `q`) in the xterm. There is no window manager: the keyboard's
  /// focus follows the pointer, so the pointer goes over the xterm first.
  func press(_ key: String) async throws {
    _ = try await xdotool(["search", "--sync", "--class", "xterm"])
    _ = try await xdotool(["mousemove", "--sync", "200", "200"])
    _ = try await xdotool(["key", key])
  }

  /// The whole screen, as `import -window root` reads it.
  func screenshot() async throws -> Picture {
    let file = FileManager.default.temporaryDirectory.appending(path: "xterm-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try await commandOutput(
      "/usr/bin/import", ["-display", display, "-window", "root", "png24:" + file.path(percentEncoded: false)])
    return try Picture(decoding: try Data(contentsOf: file))
  }

  /// Ends the xterm (the app in it then has its terminal hung up) and the X server, each by its own process id, and
  /// waits for both to exit.
  func stop() async {
    let processes = [terminal.withLock { $0 }, server].compactMap { $0 }
    for process in processes where process.isRunning { kill(process.processIdentifier, SIGKILL) }
    try? await exits.wait(for: "xterm and Xvfb to exit") { processes.allSatisfy { !$0.isRunning } }
  }

  private func xdotool(_ arguments: [String]) async throws -> String {
    try await commandOutput("/usr/bin/env", ["DISPLAY=\(display)", "/usr/bin/xdotool"] + arguments)
  }
}

/// A FIFO `feed browse` writes a line to once the terminal has taken in each frame (`FEED_BROWSE_FRAMES`), read on a
/// thread of its own: each line tells ``changes``.
final class FrameLines: Sendable {
  let path = FileManager.default.temporaryDirectory.appending(path: "essentialfeed-frames-\(UUID().uuidString)")
    .path(percentEncoded: false)
  let changes = StateChanges()
  private final class Text: Sendable {
    let value = Mutex("")
  }
  private let text = Text()
  private let descriptor = Mutex<Int32>(-1)

  /// Makes the FIFO and starts reading it; opened for reading and writing, so the open never waits for the app.
  init() throws {
    guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
    let fd = open(path, O_RDWR)
    guard fd >= 0 else { throw CocoaError(.fileReadUnknown) }
    descriptor.withLock { $0 = fd }
    Thread.detachNewThread { [text, changes] in
      var buffer = [UInt8](repeating: 0, count: 4_096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        let chunk = String(decoding: buffer[0..<count], as: UTF8.self)
        if chunk.contains("\u{4}") { break }
        text.value.withLock { $0 += chunk }
        changes.changed()
      }
      close(fd)
    }
  }

  /// The lines written so far.
  var lines: [String] { text.value.withLock { $0 }.split(separator: "\n").map(String.init) }

  /// Waits for the first line that satisfies `condition`, and returns it.
  func first(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation, where condition: @escaping (String) -> Bool
  ) async throws -> String {
    try await changes.wait(for: what, sourceLocation: sourceLocation) { lines.contains(where: condition) }
    return lines.first(where: condition) ?? ""
  }

  /// Stops the reader (a byte of our own wakes it) and removes the FIFO.
  func stop() {
    let fd = descriptor.withLock { $0 }
    guard fd >= 0 else { return }
    var end: UInt8 = 4
    _ = write(fd, &end, 1)
    unlink(path)
  }
}
