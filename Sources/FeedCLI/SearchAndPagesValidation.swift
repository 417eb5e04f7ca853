import EssentialFeedCache
import Foundation

/// What `feed validate-cache` did with the last search or the page list: kept, or deleted because it could not be
/// read. Neither expires: a search is answered again online, and the page list is replaced on the next browse.
struct PartValidation: Codable, Equatable {
  enum Action: String, Codable {
    case kept
    case deletedUnreadable = "deleted-unreadable"
    /// Deleted because it held more images than a page list may (written before the bound, or by a larger one).
    case deletedOverLimit = "deleted-over-limit"
  }

  var action: Action
  /// The search's results, or the page list's images.
  var count: Int
  var reason: String?

  /// Reads a part with `count`; deletes it with `delete` when it cannot be read. `nil` when there is nothing kept.
  static func run(
    count: () async throws -> Int?, delete: () async throws -> Void
  ) async throws -> PartValidation? {
    do {
      guard let kept = try await count(), kept > 0 else { return nil }
      return PartValidation(action: .kept, count: kept)
    } catch {
      try await delete()
      return PartValidation(action: .deletedUnreadable, count: 0, reason: FeedAppError.sentence(for: error))
    }
  }

  /// The search kept by `store`.
  static func search(in store: any FeedSearchStore) async throws -> PartValidation? {
    try await run(
      count: { try await store.retrieveSearch()?.results.count }, delete: { try await store.deleteSearch() })
  }

  /// The page list `feed browse` keeps in `feed.sqlite` in `directory`, whatever the store kind.
  /// A list of more than `maximumImages` images is deleted: the page list is bounded as every cache is.
  static func pages(
    _ store: any FeedPageStore, in directory: URL, maximumImages: Int = LocalFeedPageLoader.defaultMaximumImages
  ) async throws -> PartValidation? {
    let file = directory.appending(path: FeedComposer.databaseFile)
    guard FileManager.default.fileExists(atPath: file.path(percentEncoded: false)) else { return nil }
    let part = try await run(count: { try await readEveryPage(of: store) }, delete: { try await store.deletePages() })
    guard let part, part.action == .kept, part.count > maximumImages else { return part }
    try await store.deletePages()
    return PartValidation(action: .deletedOverLimit, count: part.count, reason: String(maximumImages))
  }

  /// Reads the whole page list, a thousand rows at a time, so that a damaged row anywhere is found: its count.
  private static func readEveryPage(of store: any FeedPageStore) async throws -> Int {
    var (count, last) = (0, UUID?.none)
    while true {
      let page = try await store.retrievePage(after: last, limit: 1_000)
      guard let end = page.last else { return count }
      (count, last) = (count + page.count, end.id)
    }
  }

  /// What validation did, in `language`: `key` is the part's name in the strings (`SEARCH` or `PAGES`).
  func text(_ key: String, in language: AppLanguage, store: String) -> String {
    switch action {
    case .kept: language.text("VALIDATE_\(key)_KEPT", language.number(count), store)
    case .deletedOverLimit:
      language.text(
        "VALIDATE_\(key)_OVER_LIMIT", language.number(count), store, language.number(Int(reason ?? "") ?? 0))
    case .deletedUnreadable:
      language.text(
        "VALIDATE_\(key)_DELETED", store,
        (reason ?? language.text("UNKNOWN_REASON")).trimmingCharacters(in: CharacterSet(charactersIn: ".")))
    }
  }
}
