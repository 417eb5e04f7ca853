import Foundation
import TestSupport
import Testing

/// `feed browse` as a customer sees it: in a real terminal (tmux), against `feed serve`.
@Suite("feed browse in a terminal (tmux)", .serialized, .enabled(if: Tmux.path != nil, "tmux is not installed"))
struct BrowseTerminalTests {
  @Test("TRM-13 in tmux against feed serve: rows appear, scrolling loads images for new rows, q restores the terminal")
  func scrollAndQuit() async throws {
    try await withBrowse(items: 500) { tmux in
      try await tmux.send("PageDown", "PageDown", "PageDown")
      let scrolled = try await tmux.waitForScreen("rows 22 to 28 with their thumbnails") { screen in
        (22...28).allSatisfy { row in screen.contains("▀▀▀▀▀▀▀▀▀▀ \(row). ") }
      }
      #expect(!scrolled.contains(" 1. Morning light"))
      #expect(scrolled.contains("server · item 22"))

      try await tmux.send("q")
      let after = try await tmux.waitForScreen("the process exited") { $0.contains("EXITED=") }
      #expect(after.contains("EXITED=0"))
      #expect(after.contains("Image loads: "))
      try await expectRestored(tmux, after)
    }
  }

  @Test(
    "TRM-14 SIGINT and SIGTERM restore the terminal, and the exit status says which signal ended it",
    arguments: [(SIGINT, 130), (SIGTERM, 143)])
  func signals(signal: Int32, status: Int) async throws {
    try await withBrowse(items: 100) { tmux in
      try await signalFeed(tmux, signal)
      let after = try await tmux.waitForScreen("the process exited") { $0.contains("EXITED=") }
      #expect(after.contains("EXITED=\(status)"))
      try await expectRestored(tmux, after)
    }
  }

  @Test(
    "TRM-25 every other signal that ends the app (SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGPROF) restores the terminal, at once",
    arguments: [SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGPROF])
  func endingSignals(signal: Int32) async throws {
    try await withBrowse(items: 100) { tmux in
      try await signalFeed(tmux, signal)
      let after = try await tmux.waitForScreen("the process exited") { $0.contains("EXITED=") }
      #expect(after.contains("EXITED=\(128 + signal)"))
      try await expectRestored(tmux, after)
    }
  }

  @Test(
    "TRM-15 a crash (SIGSEGV, SIGABRT) restores the terminal before the process dies of it",
    arguments: [SIGSEGV, SIGABRT])
  func crash(signal: Int32) async throws {
    try await withBrowse(items: 100) { tmux in
      try await signalFeed(tmux, signal)
      let after = try await tmux.waitForScreen("the process died") { $0.contains("EXITED=") }
      #expect(after.contains("EXITED=\(128 + signal)"))
      try await expectRestored(tmux, after)
    }
  }

  @Test("TRM-16 resizing the terminal (SIGWINCH) lays the screen out again")
  func resize() async throws {
    try await withBrowse(items: 100) { tmux in
      try await tmux.resize(columns: 60, rows: 14)
      let resized = try await tmux.waitForScreen("three rows and the status line on 14 lines") { screen in
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count >= 14 && lines[13].contains("item 1") && screen.contains("3. A quiet street")
          && !screen.contains("4. ")
      }
      #expect(resized.split(separator: "\n").allSatisfy { $0.count <= 60 })
      try await tmux.send("q")
      try await tmux.waitForScreen("the process exited") { $0.contains("EXITED=0") }
    }
  }

  @Test("TRM-17 in a pipe, feed browse prints the scroll report instead of a screen")
  func pipe() async throws {
    let executable = try #require(builtExecutable(named: "feed"))
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let process = Process()
      process.executableURL = executable
      process.arguments = [
        "browse", "--items", "60", "--window", "30", "--store", directory.path(percentEncoded: false),
      ]
      let output = Pipe()
      process.standardOutput = output
      process.standardInput = FileHandle.nullDevice
      try process.run()
      let data = await offPool { output.fileHandleForReading.readDataToEndOfFile() }
      await process.exited()
      let text = String(decoding: data, as: UTF8.self)
      #expect(process.terminationStatus == 0)
      #expect(text.contains("Browsed 60 images to the end and back to the start, in a window of 30."))
      #expect(!text.contains("\u{1B}["))
    }
  }

  @Test(
    "TRM-23 in tmux against feed serve's JPEG and PNG photos: thumbnails and the detail's picture in colour",
    arguments: [("COLORTERM=truecolor", ""), ("", "--colors 24bit"), ("COLORTERM=truecolor", "--colors 256")])
  func colours(environment: String, arguments: String) async throws {
    let palette = arguments.contains("256")
    try await withBrowse(items: 40, photos: true, environment: environment, arguments: arguments) { tmux in
      try await tmux.waitForScreen("rows 1 to 5 with their thumbnails") { screen in
        (1...5).allSatisfy { row in screen.contains("▀▀▀▀▀▀▀▀▀▀ \(row). ") }
      }
      let list = TerminalColours(try await tmux.styledScreen())
      expectPhotoColours(list, palette: palette, atLeast: 40)

      try await tmux.send("Enter")
      try await tmux.waitForScreen("the detail screen with its picture") { screen in
        screen.contains(String(repeating: "▀", count: 32) + "  Morning light on the old harbour #1")
          && screen.contains("Comments")
      }
      let detail = TerminalColours(try await tmux.styledScreen())
      expectPhotoColours(detail, palette: palette, atLeast: 100)
      try await tmux.send("q")
      try await tmux.waitForScreen("the process exited") { $0.contains("EXITED=0") }
    }
  }

  /// Colours of photos: many distinct ones, not only greys; in 24 bits, or from the palette's cube with `palette`.
  private func expectPhotoColours(
    _ colours: TerminalColours, palette: Bool, atLeast count: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if palette {
      #expect(colours.rgb.isEmpty, "24-bit colours with --colors 256", sourceLocation: sourceLocation)
      // The cube has 216 colours, a landscape's thumbnail a dozen or two of them.
      #expect(colours.cube.count >= 8, "palette colours: \(colours.cube)", sourceLocation: sourceLocation)
      let hues = colours.cube.filter { index in
        let (red, green, blue) = ((index - 16) / 36, (index - 16) / 6 % 6, (index - 16) % 6)
        return red != green || green != blue
      }
      #expect(!hues.isEmpty, "only the cube's greys: \(colours.cube)", sourceLocation: sourceLocation)
    } else {
      #expect(colours.rgb.count >= count, "24-bit colours: \(colours.rgb.count)", sourceLocation: sourceLocation)
      #expect(
        colours.rgb.contains { $0.red != $0.green || $0.green != $0.blue }, "only greys",
        sourceLocation: sourceLocation)
    }
  }

  /// Runs `feed serve` and `feed browse` against it in tmux (100 × 30), waits for the first screen of rows with
  /// their thumbnails, then runs `body`. The server's images are small greymaps unless the test is about `photos`:
  /// a landscape photo costs the server and the terminal's decoder far more, and only the photos' tests need one.
  private func withBrowse(
    items: Int, photos: Bool = false, environment: String = "", arguments: String = "",
    _ body: (Tmux) async throws -> Void
  ) async throws {
    let feed = try #require(builtExecutable(named: "feed"))
    let server = try await FeedServeProcess(executable: feed, items: items, imageFormat: photos ? nil : "pgm")
    defer { server.stop() }
    let tmux = Tmux()
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      try await tmux.start(
        "TERM=xterm-256color \(environment) '\(feed.path(percentEncoded: false))' browse --url \(server.url) "
          + "--store '\(store)' --timeout 3600 \(arguments); "
          + "status=$?; stty -a; echo EXITED=$status; sleep 60")
      do {
        try await tmux.waitForScreen("the first rows with their thumbnails") { screen in
          screen.contains("▀▀▀▀▀▀▀▀▀▀ 1. Morning light on the old harbour #1") && screen.contains("server · item 1")
        }
        #expect(try await tmux.pane("#{alternate_on}") == "1")
        try await body(tmux)
      } catch {
        await tmux.kill()
        await killLeftovers(using: store)
        throw error
      }
      await tmux.kill()
      await killLeftovers(using: store)
    }
  }

  /// Kills a `feed browse` left running on `store` (a test that failed, a process stuck on a dead terminal), so no
  /// test leaves a process behind.
  private func killLeftovers(using store: String) async {
    _ = try? await commandOutput("/usr/bin/pkill", ["-KILL", "-f", store])
  }

  /// Sends `signal` to the `feed browse` process in the pane.
  private func signalFeed(_ tmux: Tmux, _ signal: Int32) async throws {
    let shell = try #require(Int32(try await tmux.pane("#{pane_pid}")))
    let children = try await commandOutput("/usr/bin/pgrep", ["-P", "\(shell)"])
    let feed = try #require(children.split(separator: "\n").compactMap { Int32($0) }.first)
    kill(feed, signal)
  }

  /// The terminal is as it was: the normal screen, and the line discipline back (`icanon`, `echo`).
  private func expectRestored(_ tmux: Tmux, _ screen: String, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    #expect(try await tmux.pane("#{alternate_on}") == "0", sourceLocation: sourceLocation)
    #expect(try await tmux.pane("#{cursor_flag}") == "1", sourceLocation: sourceLocation)
    let words = Set(screen.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
    #expect(words.isSuperset(of: ["icanon", "echo", "isig", "icrnl", "opost"]), sourceLocation: sourceLocation)
  }
}

/// The output of a command that exits at once.
func commandOutput(_ path: String, _ arguments: [String]) async throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = await offPool { output.fileHandleForReading.readDataToEndOfFile() }
  await process.exited()
  return String(decoding: data, as: UTF8.self)
}

/// The colours a styled screen (`capture-pane -e`) sets: 24-bit ones (`38;2;R;G;B`, `48;2;…`) and the palette
/// cube's (`38;5;N` with N from 17 to 230, but for the screen's own colours).
struct TerminalColours {
  struct RGB: Hashable {
    let red: Int
    let green: Int
    let blue: Int
  }

  private(set) var rgb: Set<RGB> = []
  private(set) var cube: Set<Int> = []

  init(_ screen: String) {
    for sequence in screen.split(separator: "\u{1B}[").map({ $0.prefix { $0 != "m" } }) {
      let numbers = sequence.split(separator: ";").map { Int($0) ?? -1 }
      var index = 0
      while index < numbers.count {
        if [38, 48].contains(numbers[index]), index + 4 < numbers.count, numbers[index + 1] == 2 {
          rgb.insert(RGB(red: numbers[index + 2], green: numbers[index + 3], blue: numbers[index + 4]))
          index += 5
        } else if [38, 48].contains(numbers[index]), index + 2 < numbers.count, numbers[index + 1] == 5 {
          // The screen's own colours (the title bar, the accent, likes, warnings) are not the thumbnails'.
          if (17...230).contains(numbers[index + 2]), ![24, 39, 204, 208].contains(numbers[index + 2]) {
            cube.insert(numbers[index + 2])
          }
          index += 3
        } else {
          index += 1
        }
      }
    }
  }
}
