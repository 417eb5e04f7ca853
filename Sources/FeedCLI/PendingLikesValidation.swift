import EssentialFeed
import Foundation

/// What `feed validate-cache` did with the pending likes and discards: read as they were, or recovered, keeping every
/// action that could still be read.
struct PendingLikesValidation: Codable, Equatable {
  /// The pending actions held after validation.
  var kept: Int
  /// The damaged records or rows dropped; 0 when the store read.
  var dropped: Int
  /// Where the damaged journal was kept, when it was.
  var setAside: String?
  var store: String

  /// What validation did, in `language`; `nil` when there was nothing pending and nothing to recover.
  func text(in language: AppLanguage) -> String? {
    guard dropped > 0 || setAside != nil else {
      return kept == 0 ? nil : language.text("VALIDATE_PENDING_KEPT", language.number(kept), store)
    }
    let recovered = language.text("VALIDATE_PENDING_RECOVERED", store, language.number(kept), language.number(dropped))
    return [recovered, setAside.map { language.text("VALIDATE_PENDING_SET_ASIDE", $0) }].compactMap { $0 }
      .joined(separator: " ")
  }

  /// Recovers the pending actions of `store` when they cannot be read; reads them otherwise.
  ///
  /// - Throws: The store's error when it cannot be written or read at all: nothing changed then.
  static func run(_ store: any RecoverablePendingLikeActionStore, storePath: String) async throws
    -> PendingLikesValidation
  {
    let recovery = try await store.recoverPendingActions()
    return PendingLikesValidation(
      kept: recovery.kept, dropped: recovery.dropped, setAside: recovery.setAside, store: storePath)
  }
}
