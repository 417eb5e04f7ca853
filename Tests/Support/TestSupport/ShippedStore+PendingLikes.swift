import EssentialFeed
import EssentialFeedSpecs
import Foundation

extension ShippedStore {
  /// The file that holds the pending likes, to damage it.
  public func pendingLikesFile(at location: URL) -> URL {
    self == .fileSystem ? location.appending(path: "pending-likes") : location
  }

  /// Pending like stores that fail: a damaged file, and a store holding two actions that then fails to write.
  public func pendingLikeFailures(in directory: URL) throws -> PendingLikeActionStoreFailures {
    let damaged = directory.appending(path: "damaged-likes", directoryHint: .isDirectory)
    let make: @Sendable (URL) throws -> any PendingLikeActionStore = { directory in
      guard let store = makeStore(in: directory) as? any PendingLikeActionStore else {
        throw CocoaError(.featureUnsupported)
      }
      return store
    }
    return PendingLikeActionStoreFailures(
      retrieval: {
        try writeCorruptStoreFile(at: pendingLikesFile(at: location(in: damaged)))
        return try make(damaged)
      },
      writing: {
        try await storeThatWorkedThenFails(as: (any PendingLikeActionStore).self, in: directory) { store in
          for day in 0..<2 {
            try await store.enqueue(
              PendingLikeAction(
                imageID: UUID(), kind: .like, timestamp: Date(timeIntervalSinceReferenceDate: Double(day) * 86_400)))
          }
        }
      })
  }
}
