import EssentialFeed
import EssentialFeedCache
import Foundation

extension FlawedStore {
  // MARK: FeedSearchStore

  func retrieveSearch() async throws -> CachedSearch? {
    let records = try read("search")
    guard records.count >= 2, records[0].count == 1, records[1].count == 1 else {
      if records.isEmpty { return nil }
      throw FlawedTextFormat.Damaged(description: "a search without its keyword")
    }
    guard let keyword = try format.text(from: records[0][0]) else { return nil }
    let results = try parsed(Array(records.dropFirst(2)), format.image)
    return CachedSearch(keyword: keyword, results: results, timestamp: try format.date(from: records[1][0]))
  }

  func replaceSearch(with results: [LocalFeedImage], for keyword: String, timestamp: Date) async throws {
    if flaw == .emptySearchIsNoSearch, results.isEmpty { return try disk.locked { try remove("search") } }
    var keyword = keyword
    if flaw == .keywordsNormalizedToNFKC { keyword = keyword.precomposedStringWithCompatibilityMapping }
    if flaw == .keywordCutAt255Bytes, keyword.utf8.count > 255 {
      keyword = String(decoding: keyword.utf8.prefix(255), as: UTF8.self)
    }
    let lines = [format.text(keyword), format.date(timestamp)] + stored(results).map(format.image)
    try await change("search") { _ in lines }
  }

  func appendToSearch(_ results: [LocalFeedImage], for keyword: String) async throws {
    try await change("search") { records in
      guard records.count >= 2, let kept = try format.text(from: records[0][0]),
        kept.unicodeScalars.elementsEqual(keyword.unicodeScalars)
      else { return try records.isEmpty ? [] : lines(records) }
      var known = try parsed(Array(records.dropFirst(2)), format.image)
      if flaw == .searchResultsDeduplicated {
        let ids = Set(known.map(\.id))
        known += results.filter { !ids.contains($0.id) }
      } else {
        known += results
      }
      return [String(records[0][0]), String(records[1][0])] + stored(known).map(format.image)
    }
  }

  func deleteSearch() async throws {
    try disk.locked { try remove("search") }
  }

  /// Results as the flaw keeps them: at most 65,535 for a 16-bit count.
  private func stored(_ results: [LocalFeedImage]) -> [LocalFeedImage] {
    flaw == .searchResultsIn16Bits ? Array(results.prefix(Int(UInt16(truncatingIfNeeded: results.count)))) : results
  }

  private func lines(_ records: [[String]]) throws -> [String] {
    records.map { $0.joined(separator: "\t") }
  }

  // MARK: FeedPageStore

  func pageImages() throws -> [LocalFeedImage] {
    try parsed(read("pages"), format.image)
  }

  func retrievePage(after id: UUID?, limit: Int) async throws -> [LocalFeedImage] {
    let limit = flaw == .pageReadsCappedAt1000 ? min(limit, 1_000) : limit
    let images = try pageImages()
    guard limit > 0 else { return [] }
    guard let id else { return Array(images.prefix(limit)) }
    guard let position = images.firstIndex(where: { $0.id == id }) else { return [] }
    return Array(images[(position + 1)...].prefix(limit))
  }

  func retrievePage(before id: UUID, limit: Int) async throws -> [LocalFeedImage] {
    let limit = flaw == .pageReadsCappedAt1000 ? min(limit, 1_000) : limit
    let images = try pageImages()
    guard limit > 0, let position = images.firstIndex(where: { $0.id == id }) else { return [] }
    return Array(images[..<position].suffix(limit))
  }

  func appendPage(_ page: [LocalFeedImage]) async throws -> [LocalFeedImage] {
    var appended: [LocalFeedImage] = []
    let halves =
      flaw == .cancelledAppendLeavesHalf && page.count > 1
      ? [page.prefix(page.count / 2), page.dropFirst(page.count / 2)] : [page[...]]
    for half in halves {
      if !appended.isEmpty, Task.isCancelled { throw CancellationError() }
      try await change("pages") { records in
        var known = Set(try parsed(records, format.image).map(\.id))
        let new = half.filter { known.insert($0.id).inserted }
        appended += new
        return try lines(records) + new.map(format.image)
      }
    }
    return appended
  }

  func replacePages(with images: [LocalFeedImage]) async throws -> [LocalFeedImage] {
    if flaw == .pageReplaceClearsLikes { try disk.locked { try remove("likes") } }
    if flaw == .emptyReplaceKeepsPages, images.isEmpty { return [] }
    var seen: Set<UUID> = []
    let kept = images.filter { seen.insert($0.id).inserted }
    try await change("pages") { _ in kept.map(format.image) }
    return kept
  }

  func pageImageCount() async throws -> Int {
    try pageImages().count
  }

  func deletePages() async throws {
    try disk.locked { try remove("pages") }
  }
}
