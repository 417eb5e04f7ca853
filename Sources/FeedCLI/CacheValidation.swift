import EssentialFeedCache
import Foundation

/// What `feed validate-cache` did, for its output.
struct CacheValidationReport: Codable, Equatable {
  enum Action: String, Codable {
    case deletedUnreadable = "deleted-unreadable"
    case deletedExpired = "deleted-expired"
    case kept
    case nothingToDo = "nothing-to-do"
  }

  var action: Action
  var store: String
  var images: Int?
  var savedAt: Date?
  var reason: String?
  /// What validation did with the image cache, when there is one.
  var imageCache: ImageCacheValidation?
  /// What validation did with the pending likes and discards.
  var pendingLikes: PendingLikesValidation?
  /// What validation did with the last search, and with `feed browse`'s page list.
  var search: PartValidation?
  var pages: PartValidation?

  /// What validation did, in `language`.
  func text(in language: AppLanguage = .current) -> String {
    let savedAt = savedAt.map(language.date) ?? language.text("UNKNOWN_TIME")
    let images = language.number(images ?? 0)
    let feed =
      switch action {
      case .deletedUnreadable:
        language.text("VALIDATE_DELETED_UNREADABLE", store, reason ?? language.text("UNKNOWN_REASON"))
      case .deletedExpired: language.text("VALIDATE_DELETED_EXPIRED", images, savedAt, store)
      case .kept: language.text("VALIDATE_KEPT", images, savedAt, store)
      case .nothingToDo: language.text("VALIDATE_NOTHING", store)
      }
    return [
      feed, imageCache?.text(in: language), search?.text("SEARCH", in: language, store: store),
      pages?.text("PAGES", in: language, store: store), pendingLikes?.text(in: language),
    ].compactMap { $0 }.joined(separator: "\n")
  }
}

/// Runs Validate Feed Cache and describes the store before and after.
enum CacheValidation {
  static func run(store: any FeedStore, storePath: String, now: @escaping @Sendable () -> Date) async throws
    -> CacheValidationReport
  {
    let before: Result<CachedFeed?, any Error>
    do {
      before = .success(try await store.retrieve())
    } catch {
      before = .failure(error)
    }
    try await LocalFeedLoader(store: store, currentDate: now).validateCache()
    let after = try? await store.retrieve()

    switch before {
    case .failure(let error):
      return CacheValidationReport(action: .deletedUnreadable, store: storePath, reason: "\(error)")
    case .success(nil):
      return CacheValidationReport(action: .nothingToDo, store: storePath)
    case .success(let cache?):
      let action: CacheValidationReport.Action = after == nil ? .deletedExpired : .kept
      return CacheValidationReport(action: action, store: storePath, images: cache.feed.count, savedAt: cache.timestamp)
    }
  }
}
