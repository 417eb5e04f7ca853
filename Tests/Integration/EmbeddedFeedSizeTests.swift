import Foundation
import TestSupport
import Testing

/// `feed --items n` sizes the embedded demo server's feed, as `feed browse --items` and `feed serve --items` do.
@Suite("The embedded server's feed size")
struct EmbeddedFeedSizeTests {
  @Test(
    "APP-54 feed --items n shows the embedded server's first n images; with --url or out of range, one line, exit 1")
  func embeddedFeedSize() async throws {
    let feed = try #require(builtExecutable(named: "feed"), "the feed executable is built beside the tests")
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let run = try await offPool {
          spawnAndWait([feed.path(percentEncoded: false)] + arguments + ["--store", store], output: true, errors: true)
        }.get()
        return (run.status, run.output)
      }

      let three = try await run(["--items", "3"])
      #expect(three.status == 0, "\(three.output)")
      #expect(
        three.output.hasSuffix(
          "Feed: 3 images from the server, saved to the cache. Images: 3 loaded (0 from the cache, 3 from the server), 0 failed.\n"
        ), "\(three.output)")
      let none = try await run(["--items", "0", "--json"])
      #expect(none.status == 0 && none.output.contains(#""imagesLoaded" : 0"#), "\(none.output)")

      for (arguments, message) in [
        (
          ["--items", "3", "--url", "http://127.0.0.1:1"],
          "--items sets the embedded server's feed; with --url the server decides."
        ),
        (["--items", "-1"], "--items"),
        (["--items", "10000001"], "--items"),
      ] {
        let refused = try await run(arguments)
        #expect(refused.status == 1, "\(arguments): \(refused.output)")
        #expect(
          refused.output.hasPrefix("error: ") && refused.output.contains(message), "\(arguments): \(refused.output)")
        #expect(refused.output.split(separator: "\n").count == 1, "\(arguments): one line, not \(refused.output)")
      }
    }
  }
}
