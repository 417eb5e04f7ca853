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

@Suite("SQLite across processes", .serialized)
struct SQLiteProcessTests {
  @Test("SQL-3 two processes writing one file while a third reads: no error, no torn result")
  func twoWritersOneReader() async throws {
    let writer = try #require(crashWriterExecutable(), "StoreCrashWriter was not built beside the tests")
    try await withTemporaryDirectory { directory in
      let url = directory.appending(path: "feed.sqlite")
      // Paced: each writes once more for each read of the reader's, so the reads always meet writes, and no writer
      // runs far ahead of a reader this busy suite keeps waiting.
      let writers = try [1, 1_000_000].map { first in
        let process = Process()
        let output = Pipe()
        let input = Pipe()
        process.executableURL = writer
        process.standardOutput = output
        process.standardInput = input
        process.arguments = ["sqlite", url.path(percentEncoded: false), String(first), "insert", "paced"]
        try process.run()
        return (process, output, input)
      }
      defer {
        for (process, _, _) in writers where process.isRunning { kill(process.processIdentifier, SIGKILL) }
      }
      for (_, output, _) in writers {
        let ready = await offPool { output.fileHandleForReading.availableData }
        #expect(!ready.isEmpty, "a writer ended before its first write")
        // The writer reports every write; read the reports to their end, so a full pipe never stops it.
        Thread.detachNewThread { _ = output.fileHandleForReading.readDataToEndOfFile() }
      }

      // At least 50 reads (300 with CI's count of crash trials), and on until the reader has seen each writer's
      // writes: the verdict waits for those events however slowly the writers run; an hour without them is reported
      // (a bound on a hang: a minute gave the reader 2 reads beside CI's builds on a loaded two-core machine).
      let reader = SQLiteFeedStore(storeURL: url)
      var seen = Set<Int>()
      let deadline = ContinuousClock.now + .seconds(3_600)
      var reads = 0
      while reads < CrashTrials.concurrentReads
        || !(seen.contains { $0 < 1_000_000 } && seen.contains { $0 >= 1_000_000 })
      {
        guard ContinuousClock.now < deadline else { break }
        let cache = try #require(try await reader.retrieve(), "the cache vanished while both wrote")
        let serial = try #require(CrashFeed.serial(of: cache.timestamp))
        #expect(cache.feed == CrashFeed.feed(serial: serial).map(LocalFeedImage.init), "write \(serial) is torn")
        seen.insert(serial)
        reads += 1
        for (process, _, input) in writers where process.isRunning {
          try input.fileHandleForWriting.write(contentsOf: [1])
        }
      }

      for (process, _, _) in writers {
        #expect(process.isRunning, "a writer stopped on an error while the other wrote")
        kill(process.processIdentifier, SIGKILL)
        await process.exited()
      }
      #expect(
        seen.contains { $0 < 1_000_000 } && seen.contains { $0 >= 1_000_000 },
        "in an hour of reads (\(reads)) the reader never saw both writers' writes")
      print("SQL-3: \(reads) reads while two processes wrote; \(seen.count) distinct writes seen, none torn")
    }
  }
}
