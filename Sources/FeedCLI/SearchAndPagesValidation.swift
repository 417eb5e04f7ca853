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

extension PartValidation {
  /// The report of what the library's validation of a part did; `nil` when the part held nothing.
  init?(_ validation: CachePartValidation) {
    switch validation {
    case .nothingToDo: return nil
    case .kept(let count): self.init(action: Action.kept, count: count)
    case .deletedUnreadable(let reason): self.init(action: Action.deletedUnreadable, count: 0, reason: reason)
    case .deletedOverLimit(let count, let limit):
      self.init(action: Action.deletedOverLimit, count: count, reason: String(limit))
    }
  }
}
