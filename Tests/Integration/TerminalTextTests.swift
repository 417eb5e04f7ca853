import EssentialFeed
import FeedTerminal
import Foundation
import TestSupport
import Testing

@testable import FeedCLI

/// Nothing a server or a cache file says reaches the terminal raw: every text sink shows it, none obeys it.
@Suite("Terminal text from a hostile server")
struct TerminalTextTests {
  @Test("APP-28 the one rule replaces every control and format character, keeps text and newlines when asked")
  func sanitizer() {
    let sanitized = TerminalText.sanitized(hostileText)

    #expect(unsafeScalars(in: sanitized).isEmpty, "\(unsafeScalars(in: sanitized))")
    #expect(sanitized.filter { $0 != "\u{FFFD}" } == "a[2J]0;title]52;c;aGVsbG8=b31mcdefghijk")
    #expect(TerminalText.sanitized("line 1\nline 2", keepingNewlines: true) == "line 1\nline 2")
    #expect(TerminalText.sanitized("line 1\nline 2") == "line 1\u{FFFD}line 2")
    #expect(TerminalText.sanitized("Zürich 🌍 👨‍👩‍👧 café 東京") == "Zürich 🌍 👨‍👩‍👧 café 東京")
  }

  @Test("APP-28 JSON keeps its meaning: raw DEL, C1 and format characters are escaped, structure is untouched")
  func jsonEscaping() throws {
    let original = report(text: hostileText)
    let json = try FeedReportRenderer.json(original)
    let escaped = TerminalText.jsonEscaped(json)

    #expect(unsafeScalars(in: escaped).isEmpty, "\(unsafeScalars(in: escaped))")
    #expect(escaped.contains(#"\u202e"#) && escaped.contains(#"\u009b"#))
    let decoded = try JSONDecoder().decode(FeedReport.self, from: Data(escaped.utf8))
    #expect(decoded == original)
  }

  @Test(
    "APP-28 every text renderer: one line per field, and no control or format character", arguments: Renderer.allCases)
  func renderers(_ renderer: Renderer) {
    let clean = renderer.render("plain")
    let hostile = renderer.render(hostileText)

    #expect(unsafeScalars(in: hostile).isEmpty, "\(renderer): \(unsafeScalars(in: hostile))")
    #expect(hostile.split(separator: "\n").count == clean.split(separator: "\n").count, "\(hostile)")
  }

  @Test(
    "APP-28 every command prints a hostile server's text (feed, offline, detail, search, likes) without a control",
    .serialized, arguments: HostileCommand.allCases)
  func commands(_ command: HostileCommand) async throws {
    let feed = try #require(builtExecutable(named: "feed"), "the feed executable is built beside the tests")
    let server = try await HostileTextServer.start()
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = ["--store", directory.path(percentEncoded: false)]
      let url = ["--url", server.baseURL.absoluteString, "--timeout", "3600"]
      let id = server.ids[0].uuidString
      let setUp = [url + store, ["like", id] + url + store, ["likes"] + url + store]
      for arguments in setUp {
        _ = try await offPool { spawnAndWait([feed.path(percentEncoded: false)] + arguments, output: false) }.get()
      }

      let run = try await offPool {
        spawnAndWait(
          [feed.path(percentEncoded: false)] + command.arguments(url: url, store: store, id: id), output: true,
          errors: true)
      }.get()
      await server.stop()

      #expect(run.status == command.status, "\(run.output)")
      #expect(
        run.output.contains("a\u{FFFD}") || run.output.contains(#"a\u001b"#), "no hostile text shown: \(run.output)")
      #expect(unsafeScalars(in: run.output).isEmpty, "\(command): \(unsafeScalars(in: run.output)) in \(run.output)")
    }
  }

  @Test("APP-28 an error that quotes the cache (a column named with a bidi override in feed.sqlite) is sanitized too")
  func errorQuotingTheCache() async throws {
    let feed = try #require(builtExecutable(named: "feed"), "the feed executable is built beside the tests")
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try SQLiteShell.execute(
        "CREATE TABLE cache (id INTEGER PRIMARY KEY, \"time\u{202E}\u{1B}[2Jstamp\" REAL); PRAGMA user_version = 2;",
        in: directory.appending(path: "feed.sqlite"))

      let run = try await offPool {
        spawnAndWait(
          [
            feed.path(percentEncoded: false), "--offline", "--store-kind", "sqlite", "--store",
            directory.path(percentEncoded: false),
          ],
          output: true, errors: true)
      }.get()

      #expect(run.status == 1, "\(run.output)")
      #expect(run.output.hasPrefix("error: ") && run.output.contains("time\u{FFFD}"), "\(run.output)")
      #expect(unsafeScalars(in: run.output).isEmpty, "\(unsafeScalars(in: run.output)) in \(run.output)")
      #expect(run.output.split(separator: "\n").count == 1, "one line: \(run.output)")
    }
  }
}

/// The scalars of `text` a terminal would obey: everything ``TerminalText`` refuses, but a newline.
func unsafeScalars(in text: String) -> [String] {
  text.unicodeScalars.filter { $0 != "\n" && TerminalText.isUnsafe($0) }.map {
    "U+" + String($0.value, radix: 16, uppercase: true)
  }
}

private func report(text: String) -> FeedReport {
  FeedReport(
    title: "Feed", server: URL(string: "http://127.0.0.1:1"), embeddedServer: false, store: "/tmp/store",
    feedSource: .cache, serverProblem: "the server could not be reached",
    entries: [
      FeedReport.Entry(
        id: UUID(), description: text, location: text, url: URL(fileURLWithPath: "/image"), imageBytes: nil,
        imageSource: nil, imageError: "the server sent no image data")
    ])
}

/// Every renderer of the app's text output that shows a server's or a cache's text.
enum Renderer: String, CaseIterable, CustomStringConvertible {
  case feed, detail, likes

  var description: String { rawValue }

  func render(_ text: String) -> String {
    let image = FeedImage(id: UUID(), description: text, location: text, url: URL(fileURLWithPath: "/image"))
    switch self {
    case .feed:
      return FeedReportRenderer.text(report(text: text), language: .english)
    case .detail:
      let comment = ImageDetailReport.Comment(
        id: UUID(), message: text, author: text, createdAt: Date(), relativeDate: "1 day ago")
      let entry = report(text: text).entries[0]
      return DetailRenderer.text(
        ImageDetailReport(entry: entry, comments: [comment, comment], commentsProblem: nil), title: "Feed",
        language: .english)
    case .likes:
      return LikesReport.list(
        [LikedEntry(imageID: image.id, image: image, pending: true)], pending: [], origin: .cache, json: false,
        language: .english)
    }
  }
}

/// The commands that print what the server sent, each after a run that cached the feed and liked an image.
enum HostileCommand: String, CaseIterable, CustomStringConvertible {
  case feed, feedJSON, offline, detail, detailJSON, detailOffline, search, searchOffline, searchJSON, likes
  case likesOffline, likesJSON

  var description: String { rawValue }

  func arguments(url: [String], store: [String], id: String) -> [String] {
    switch self {
    case .feed: url + store
    case .feedJSON: url + store + ["--json"]
    case .offline: store + ["--offline"]
    case .detail: ["show", id] + url + store
    case .detailJSON: ["show", id, "--json"] + url + store
    case .detailOffline: ["show", id, "--offline"] + store
    case .searchJSON: ["search", "a", "--json"] + url + store
    case .search: ["search", "a"] + url + store
    case .searchOffline: ["search", "a", "--offline"] + store
    case .likes: ["likes"] + url + store
    case .likesOffline: ["likes", "--offline"] + store
    case .likesJSON: ["likes", "--json"] + url + store
    }
  }

  var status: Int32 { 0 }
}
