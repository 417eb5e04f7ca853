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
  /// What validation repaired first: the files with a damaged page, rebuilt or deleted.
  var repairs: [RepairValidation]? = nil

  /// What validation did, in `language`.
  func text(in language: AppLanguage = .current) -> String {
    let savedAt = savedAt.map(language.date) ?? language.text("UNKNOWN_TIME")
    let images = language.number(images ?? 0)
    let feed =
      switch action {
      case .deletedUnreadable:
        language.text(
          "VALIDATE_DELETED_UNREADABLE", store,
          (reason ?? language.text("UNKNOWN_REASON")).trimmingCharacters(in: CharacterSet(charactersIn: ".")))
      case .deletedExpired: language.text("VALIDATE_DELETED_EXPIRED", images, savedAt, store)
      case .kept: language.text("VALIDATE_KEPT", images, savedAt, store)
      case .nothingToDo: language.text("VALIDATE_NOTHING", store)
      }
    let repaired: [String] = (repairs ?? []).map { $0.text(in: language) }
    let parts: [String?] = [
      feed, imageCache?.text(in: language), search?.text("SEARCH", in: language, store: store),
      pages?.text("PAGES", in: language, store: store), pendingLikes?.text(in: language),
    ]
    return (repaired + parts.compactMap { $0 }).joined(separator: "\n")
  }
}

extension CacheValidationReport {
  /// The report of what the library's Validate Feed Cache did with the feed stored at `storePath`.
  init(_ validation: FeedCacheValidation, storePath: String) {
    switch validation {
    case .deletedUnreadable(let reason): self.init(action: .deletedUnreadable, store: storePath, reason: reason)
    case .nothingToDo: self.init(action: .nothingToDo, store: storePath)
    case .deletedExpired(let images, let savedAt):
      self.init(action: .deletedExpired, store: storePath, images: images, savedAt: savedAt)
    case .kept(let images, let savedAt): self.init(action: .kept, store: storePath, images: images, savedAt: savedAt)
    }
  }
}
