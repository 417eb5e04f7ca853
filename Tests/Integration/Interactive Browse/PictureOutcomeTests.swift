import EssentialFeed
import FeedImages
import FeedTerminal
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FeedCLI

/// What the browse says of a photo it cannot show, as `feed browse` composes it against a server on loopback.
@Suite("feed browse says why a photo is not shown")
struct PictureOutcomeTests {
  @Test("TRM-34 a photo over the pixel limit says 'too large to show' on its row and in the detail, with no retry")
  func tooLarge() async throws {
    let server = try PictureServer()
    defer { server.stop() }
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let options = AppOptions(
        url: server.baseURL.absoluteString, store: directory.path(percentEncoded: false), limits: .patient,
        language: .english)
      try await Self.openDetail(options, of: server.url("huge")) { detail, _ in
        let picture = try #require(detail.picture)
        #expect(!picture.shouldRetry)
        #expect(picture.image?.notice == "too large to show")
        for size in [BrowseScreen.thumbnail, (columns: 32, rows: 12)] {
          var grid = ScreenGrid(width: 40, height: 14)
          BrowseScreen.drawPicture(picture, frame: 0, size: size, at: (1, 2), into: &grid)
          #expect(grid.text.contains("too large") && !grid.text.contains("retry"), "\(grid.text)")
        }
      }
    }
  }

  @Test("TRM-35 undecodable bytes are not kept as the image: a retry after them asks the server again")
  func undecodableIsRefetched() async throws {
    let server = try PictureServer()
    defer { server.stop() }
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let options = AppOptions(
        url: server.baseURL.absoluteString, store: directory.path(percentEncoded: false), limits: .patient,
        language: .english)
      try await Self.openDetail(options, of: server.url("broken")) { detail, changes in
        #expect(detail.picture?.shouldRetry == true)
        #expect(server.requests("broken") == 1)
        detail.controller?.retryImage()
        try await changes.wait(for: "the retried image's outcome") {
          server.requests("broken") == 2 && detail.picture?.isLoading == false
        }
        #expect(detail.picture?.image != nil)  // the server answered a picture the second time
      }
    }
  }

  /// Opens the detail of an image at `url` as `feed browse` does, waits for its picture's first outcome, then runs
  /// `body`.
  @MainActor
  private static func openDetail(
    _ options: AppOptions, of url: URL, body: @MainActor (BrowseDetail, StateChanges) async throws -> Void
  ) async throws {
    try await AppEnvironment.with(options, for: .browse(items: 0)) { environment in
      let composer = BrowseComposer(environment: environment, capacity: 10, pageLimit: 10)
      let changes = StateChanges()
      let detail = composer.detail(of: FeedImage(id: UUID(), description: nil, location: nil, url: url))
      detail.onChange = { changes.changed() }
      detail.controller?.viewDidAppear()
      try await changes.wait(for: "the picture's outcome") { detail.picture.map { !$0.isLoading } ?? false }
      try await body(detail, changes)
    }
  }
}

/// A server of two images: `huge`, a JPEG whose header announces 60,000 × 60,000 pixels, and `broken`, bytes that
/// are no picture on the first request and a small JPEG after; it counts the requests for each.
private final class PictureServer: Sendable {
  private let server: RawHTTPServer
  private final class Counts: Sendable {
    let value = Mutex([String: Int]())
  }
  private let counts = Counts()

  init() throws {
    let small = try JPEG.encode(try #require(Picture(width: 8, height: 8, pixels: .init(repeating: 90, count: 192))))
    var huge = [UInt8](small)
    let frame = try #require(huge.indices.dropLast().first { huge[$0] == 0xFF && huge[$0 + 1] == 0xC0 })
    huge.replaceSubrange((frame + 5)..<(frame + 9), with: [0xEA, 0x60, 0xEA, 0x60])
    let (counts, hugeFile) = (counts, Data(huge))
    server = try RawHTTPServer { path, send in
      let name = String(path.split(separator: "/").last ?? "")
      let count = counts.value.withLock { counts in
        counts[name, default: 0] += 1
        return counts[name, default: 0]
      }
      let body: Data =
        switch name {
        case "huge": hugeFile
        case "broken" where count == 1: Data("not a picture".utf8)
        case "broken": small
        default: Data()
        }
      let status = body.isEmpty ? "404 Not Found" : "200 OK"
      _ = send(Data("HTTP/1.1 \(status)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body)
    }
  }

  var baseURL: URL { server.baseURL }
  func url(_ name: String) -> URL { server.baseURL.appending(path: "images/\(name)") }
  func requests(_ name: String) -> Int { counts.value.withLock { $0[name, default: 0] } }
  func stop() { server.stop() }
}
