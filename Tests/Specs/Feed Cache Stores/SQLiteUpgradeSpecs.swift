import EssentialFeed
import EssentialFeedCache
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedSQLite

/// Databases the released store wrote (the files in `Fixtures/`) open with today's store and keep everything.
@Suite("SQLite upgrades from files the released store wrote")
struct SQLiteUpgradeSpecs {
  @Test("SQL-12 a version 2 file with a feed, images, a search, a page list and pending likes upgrades losing none")
  func version2FileKeepsEverything() async throws {
    try await SQLiteFixtureContents.withFixture("version2-current") { url in
      let sut = SQLiteFeedStore(storeURL: url)

      try await expectFeedAndImages(in: sut)
      #expect(
        try await sut.retrieveSearch()
          == CachedSearch(
            keyword: SQLiteFixtureContents.searchKeyword, results: SQLiteFixtureContents.searchResults,
            timestamp: SQLiteFixtureContents.timestamp))
      #expect(try await sut.retrievePage(after: nil, limit: 100) == SQLiteFixtureContents.pages)
      #expect(try await sut.pendingActions() == SQLiteFixtureContents.pendingLikes)
      #expect(try await sut.storedImageDataSize() == SQLiteFixtureContents.imageData.map(\.data.count).reduce(0, +))
    }
  }

  @Test("SQL-13 a version 1 file (the feed and image data) upgrades keeping them, and takes every later capability")
  func version1FileUpgrades() async throws {
    try await SQLiteFixtureContents.withFixture("version1") { url in
      let sut = SQLiteFeedStore(storeURL: url)

      try await expectFeedAndImages(in: sut)
      #expect(try await sut.storedImageDataSize() == SQLiteFixtureContents.imageData.map(\.data.count).reduce(0, +))
      let action = SQLiteFixtureContents.pendingLikes[0]
      try await sut.enqueue(action)
      _ = try await sut.appendPage(SQLiteFixtureContents.pages)
      try await sut.replaceSearch(with: [], for: "any", timestamp: SQLiteFixtureContents.timestamp)
      let reopened = SQLiteFeedStore(storeURL: url)
      #expect(try await reopened.pendingActions() == [action])
      #expect(try await reopened.retrievePage(after: nil, limit: 100) == SQLiteFixtureContents.pages)
      #expect(try await reopened.retrieveSearch()?.keyword == "any")
    }
  }

  private func expectFeedAndImages(
    in sut: SQLiteFeedStore, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    #expect(
      try await sut.retrieve()
        == CachedFeed(feed: SQLiteFixtureContents.feed, timestamp: SQLiteFixtureContents.timestamp),
      sourceLocation: sourceLocation)
    for (url, data) in SQLiteFixtureContents.imageData {
      #expect(try await sut.retrieve(dataForURL: url) == data, "\(url)", sourceLocation: sourceLocation)
    }
  }
}
