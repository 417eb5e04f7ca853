import FeedDemoServer
import Foundation
import Synchronization
import TestSupport
import Testing

/// Many feed items may share one image URL: the app downloads it once per run and saves it once (each save of the
/// image cache is a flushed write: 20,000 items sharing a URL took 100 s of saves).
@Suite("Feed items sharing image URLs")
struct SharedImageTests {
  @Test(
    "SQ-6 1,000 items sharing two image URLs: each URL downloaded once, saved once (the image cache's flushed writes traced), every item shown",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "needs strace"),
    arguments: [("filesystem", "/images/"), ("sqlite", "images.sqlite-wal>")])
  func oneDownloadAndSavePerURL(kind: String, imageFiles: String) async throws {
    let feed = try #require(builtExecutable(named: "feed"), "the feed executable is built beside the tests")
    let imageRequests = Mutex<[String: Int]>([:])
    let base = PortBox()
    let server = try RawHTTPServer { path, send in
      let body: Data
      if path.hasPrefix("/v1/feed") {
        let items =
          path.contains("after_id")
          ? [] : (0..<1_000).map { #"{"id": "\#(UUID())", "image": "\#(base.url)/images/\#($0 % 2)"}"# }
        body = Data(#"{"items": [\#(items.joined(separator: ","))]}"#.utf8)
      } else {
        imageRequests.withLock { $0[path, default: 0] += 1 }
        body = DemoFeed.imageData(for: UUID())
      }
      _ = send(Data("HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body)
    }
    base.url = server.baseURL.absoluteString
    defer { server.stop() }
    try await withTemporaryDirectory { directory in
      let log = directory.appending(path: "trace.log").path(percentEncoded: false)
      let store = directory.appending(path: "store").path(percentEncoded: false)
      let run = try await offPool {
        spawnAndWait(
          [
            "/usr/bin/strace", "-f", "-qq", "-y", "-e", "trace=fsync,fdatasync", "-o", log,
            feed.path(percentEncoded: false), "--url", server.baseURL.absoluteString, "--store", store, "--json",
            "--store-kind", kind, "--timeout", "3600",
          ], output: true)
      }.get()

      #expect(run.status == 0)
      #expect(run.output.contains(#""imagesFailed" : 0"#) && run.output.contains(#""imagesLoaded" : 1000"#))
      #expect(imageRequests.withLock { $0 } == ["/images/0": 1, "/images/1": 1])
      let flushes = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        .filter { $0.contains(imageFiles) }
      // Two saves and the order of use saved at the end: four at most (it was 1,668, a save per item joining a load).
      #expect(flushes.count <= 4, "\(flushes.count) flushed writes of the image cache for 2 images")
    }
  }
}
