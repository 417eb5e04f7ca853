import ArgumentParser
import EssentialFeed
import FeedDemoServer
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FeedCLI

/// What a newcomer sees on the first runs (issue 42): the demo's second run shows the cache working, long work tells
/// its progress on a terminal, and `feed serve` says what it is asked.
@Suite("A newcomer's first runs")
struct NewcomerRunTests {
  @Test("APP-45 the embedded demo's second run loads every image from the cache: its image URLs are the same each run")
  func demoCacheHits() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let options = AppOptions(store: directory.path(percentEncoded: false), json: true, limits: .patient)

      let first = try Self.report(try await FeedApp.show(options))
      let second = try Self.report(try await FeedApp.show(options))

      #expect(first.imagesFromServer == first.entries.count)
      #expect(second.entries.map(\.url) == first.entries.map(\.url))
      #expect(second.imagesFromCache == second.entries.count, "\(second.imagesFromServer) from the server")
      #expect(second.imagesFailed == 0)
    }
  }

  @Test("APP-46 the progress line: pages with their rate, then images of how many, their rate and the seconds left")
  func progressLine() {
    let clock = Mutex<[TimeInterval]>([0, 1, 2, 2, 4])
    let written = Mutex<[String]>([])
    let progress = ProgressLine(
      language: .english, interval: 1, now: { clock.withLock { $0.removeFirst() } },
      write: { text in written.withLock { $0.append(text) } })

    progress.pageLoaded()  // t 0: the first event, nothing to measure yet
    progress.pageLoaded()  // t 1
    progress.pageLoaded()  // t 2
    progress.imagesSettled(1, of: 10)  // t 2: the images start
    progress.imagesSettled(5, of: 10)  // t 4
    progress.finish()

    #expect(
      written.withLock { $0 } == [
        "\rLoading the feed: page 2, 2 a second…\u{1B}[K",
        "\rLoading the feed: page 3, 2 a second…\u{1B}[K",
        "\rLoading images: 5 of 10, 3 a second, about 2 s left…\u{1B}[K",
        "\r\u{1B}[K",
      ])
  }

  @Test("APP-46 on a terminal, feed tells its progress on stderr and clears it; in a pipe or with --json, nothing")
  func progressOnATerminalOnly() async throws {
    let feed = try #require(builtExecutable(named: "feed"), "the feed executable is built beside the tests")
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let command = [feed.path(percentEncoded: false), "--store", directory.path(percentEncoded: false)]
      let everyEvent = ["ESSENTIALFEED_PROGRESS_INTERVAL": "0", "LANG": "C"]

      let terminal = try await offPool { spawnOnTerminal(command, environment: everyEvent) }.get()
      let json = try await offPool { spawnOnTerminal(command + ["--json"], environment: everyEvent) }.get()
      let pipe = try await offPool { spawnAndWait(command, output: false, errors: true) }.get()

      #expect(terminal.status == 0)
      #expect(terminal.output.contains("\rLoading the feed: page "), "\(terminal.output.suffix(300))")
      #expect(terminal.output.contains(" of 64, "), "\(terminal.output.suffix(300))")
      #expect(terminal.output.contains(" s left…"), "\(terminal.output.suffix(300))")
      #expect(terminal.output.hasSuffix("\r\u{1B}[K"), "the line is cleared at the end")
      #expect(json.status == 0)
      #expect(json.output.isEmpty, "\(json.output.prefix(300))")
      #expect(pipe.status == 0)
      #expect(pipe.output.isEmpty, "\(pipe.output.prefix(300))")
    }
  }

  @Test("SV-9 feed serve logs one line per request on stderr: the method, the path with its query, the status")
  func serveLogsRequests() async throws {
    let executable = try #require(builtExecutable(named: "feed"), "the feed executable is built beside the tests")
    let server = try await FeedServeProcess(executable: executable, items: 3, keepingRequestLog: true)
    defer { server.stop() }
    let client = FeedComposer.httpClient(timeout: 60, maximumBodySize: 1 << 20)
    let image = DemoFeed.item(at: 1).id.uuidString

    for path in ["/v1/feed?limit=2", "/images/\(image)", "/nowhere"] {
      _ = try await client.get(from: try #require(URL(string: server.url + path)))
    }
    let lines = await offPool { server.requestLogLines(3) }

    #expect(lines == ["GET /v1/feed?limit=2 200", "GET /images/\(image) 200", "GET /nowhere 404"])
  }

  private static func report(_ json: String) throws -> FeedReport {
    try JSONDecoder().decode(FeedReport.self, from: Data(json.utf8))
  }
}

/// What the README's first screen tells a newcomer to run for help (issue 42: the completion scripts worked but were
/// never mentioned).
@Suite("The help the README points to")
struct NewcomerHelpTests {
  @Test(
    "APP-47 feed --generate-completion-script prints a script for bash, zsh and fish naming every subcommand",
    arguments: [CompletionShell.bash, .zsh, .fish])
  func completionScripts(_ shell: CompletionShell) {
    let script = FeedCommand.completionScript(for: shell)
    let commands = FeedCommand.configuration.subcommands.compactMap { $0.configuration.commandName }

    #expect(commands.count >= 8)
    for command in commands { #expect(script.contains(command), "\(shell) completion lacks \(command)") }
  }

  @Test("APP-47 the README names the help, the version, completion scripts and the man page on its first screen")
  func readmeNamesTheHelp() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)
    let firstScreen = readme.split(separator: "\n", omittingEmptySubsequences: false).prefix(40).joined(separator: "\n")

    for words in [
      "swift run feed --help", "swift run feed --version", "--generate-completion-script",
      "swift package plugin generate-manual", "swift test --filter '^Specs\\.'",
    ] {
      #expect(firstScreen.contains(words), "the README's first 40 lines do not say \(words)")
    }
  }
}
