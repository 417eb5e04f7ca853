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

/// Runs Validate Feed Cache and reports what the library says it did.
enum CacheValidation {
  static func run(store: any FeedStore, storePath: String, now: @escaping @Sendable () -> Date) async throws
    -> CacheValidationReport
  {
    switch try await LocalFeedLoader(store: store, currentDate: now).validateCache() {
    case .deletedUnreadable(let reason):
      CacheValidationReport(action: .deletedUnreadable, store: storePath, reason: reason)
    case .nothingToDo:
      CacheValidationReport(action: .nothingToDo, store: storePath)
    case .deletedExpired(let images, let savedAt):
      CacheValidationReport(action: .deletedExpired, store: storePath, images: images, savedAt: savedAt)
    case .kept(let images, let savedAt):
      CacheValidationReport(action: .kept, store: storePath, images: images, savedAt: savedAt)
    }
  }
}
