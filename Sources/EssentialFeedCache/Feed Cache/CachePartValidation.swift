/// What validating a part of the cache that never expires did: the last search
/// (``LocalFeedSearchLoader/validateSearch()``) or the page list (``LocalFeedPageLoader/validatePages()``).
public enum CachePartValidation: Hashable, Sendable {
  /// The part held nothing.
  case nothingToDo
  /// The part read whole, and was kept: how many images it holds.
  case kept(count: Int)
  /// The part could not be read, and was deleted: why it could not.
  case deletedUnreadable(reason: String)
  /// The part held more images than it may (written before its bound, or under a larger one), and was deleted.
  case deletedOverLimit(count: Int, limit: Int)

  /// Reads a part with `count`, and deletes it with `delete` when it cannot be read.
  ///
  /// - Throws: `CancellationError` when the task is cancelled before validation starts; `delete`'s error.
  static func run(
    count: () async throws -> Int, delete: () async throws -> Void
  ) async throws -> CachePartValidation {
    try Task.checkCancellation()
    do {
      let count = try await count()
      return count > 0 ? .kept(count: count) : .nothingToDo
    } catch {
      try await delete()
      return .deletedUnreadable(reason: "\(error)")
    }
  }
}
