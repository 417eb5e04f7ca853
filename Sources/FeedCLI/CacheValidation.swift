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

  var text: String {
    switch action {
    case .deletedUnreadable: "Deleted an unreadable cache in \(store) (\(reason ?? "unknown reason"))."
    case .deletedExpired:
      "Deleted an expired cache of \(images ?? 0) images saved \(savedAt?.formatted() ?? "at an unknown time") in \(store)."
    case .kept:
      "Kept a valid cache of \(images ?? 0) images saved \(savedAt?.formatted() ?? "at an unknown time") in \(store)."
    case .nothingToDo: "There is no cache in \(store); nothing to do."
    }
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
