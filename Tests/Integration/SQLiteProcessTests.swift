import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("SQLite across processes")
struct SQLiteProcessTests {
  @Test("SQL-3 two processes writing one file while a third reads: no error, no torn result")
  func twoWritersOneReader() async throws {
    let writer = try #require(crashWriterExecutable(), "StoreCrashWriter was not built beside the tests")
    try await withTemporaryDirectory { directory in
      let url = directory.appending(path: "feed.sqlite")
      let writers = try [1, 1_000_000].map { first in
        let process = Process()
        let output = Pipe()
        process.executableURL = writer
        process.standardOutput = output
        process.arguments = ["sqlite", url.path(percentEncoded: false), String(first), "insert"]
        try process.run()
        return (process, output)
      }
      defer {
        for (process, _) in writers where process.isRunning { kill(process.processIdentifier, SIGKILL) }
      }
      for (_, output) in writers {
        let ready = await offPool { output.fileHandleForReading.availableData }
        #expect(!ready.isEmpty, "a writer ended before its first write")
      }

      let reader = SQLiteFeedStore(storeURL: url)
      var seen = Set<Int>()
      for _ in 0..<300 {
        let cache = try #require(try await reader.retrieve(), "the cache vanished while both wrote")
        let serial = try #require(CrashFeed.serial(of: cache.timestamp))
        #expect(cache.feed == CrashFeed.feed(serial: serial).map(LocalFeedImage.init), "write \(serial) is torn")
        seen.insert(serial)
      }

      for (process, _) in writers {
        #expect(process.isRunning, "a writer stopped on an error while the other wrote")
        kill(process.processIdentifier, SIGKILL)
        await process.exited()
      }
      #expect(seen.count > 1, "the reader saw only one write in 300 reads")
      print("SQL-3: 300 reads while two processes wrote; \(seen.count) distinct writes seen, none torn")
    }
  }
}
