import EssentialFeed
import EssentialFeedCache
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedSQLite

/// A database another process keeps busy costs one busy timeout, not one per operation: after an operation gave up
/// waiting, the next ones do not wait, for any store on the database, until a write gets through again.
@Suite("SQLite busy database")
struct SQLiteBusySpecs {
  private let patience: Int32 = 20

  @Test("SQL-20 a database busy past its timeout: later operations wait no more, until a write gets through")
  func busyDatabaseCostsOneTimeout() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let file = directory.appending(path: "images.sqlite")
      let database = SQLiteDatabase(storeURL: file, busyTimeout: patience)
      let images = SQLiteImageDataStore(database: database)
      let feed = SQLiteFeedCache(database: database)
      let url = anyURL()
      try await images.insert(Data("first".utf8), for: url)
      #expect(await database.busyTimeout == patience)

      try await SQLiteShell.whileWriting(file) {
        await #expect(throws: SQLiteError.self) { try await images.insert(Data("busy".utf8), for: url) }
        #expect(await database.busyTimeout == 0, "the next operation would wait the whole timeout again")
        await #expect(throws: SQLiteError.self) {
          try await feed.insert(uniqueFeed().local, timestamp: fixedCurrentDate)
        }
        let read = try await images.retrieve(dataForURL: url)
        #expect(read == Data("first".utf8), "reads still read")
        #expect(await database.busyTimeout == 0, "a read in WAL gets through beside a writer: no sign it is free")
      }

      try await images.insert(Data("free".utf8), for: url)
      #expect(await database.busyTimeout == patience, "a free database is waited for again")
      #expect(try await images.retrieve(dataForURL: url) == Data("free".utf8))
    }
  }
}
