import EssentialFeed
import EssentialFeedCache
import EssentialFeedSpecs
import Foundation

extension ShippedStore {
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

extension ShippedStore {
  /// Image data stores that fail: one whose stored image was damaged (the file-system store's image file changed in
  /// its middle; the SQLite file written over with bytes no format reads), and one holding an image that then fails to
  /// write.
  public func imageFailures(in directory: URL) -> FeedImageDataStoreFailures {
    FeedImageDataStoreFailures(
      damaged: { url, data in
        let location = directory.appending(path: "damaged-images-\(UUID().uuidString)", directoryHint: .isDirectory)
        try await require(makeImageDataStore(in: location)).insert(data, for: url)
        try damageImages(in: location)
        return try require(makeImageDataStore(in: location))
      },
      writing: { url, data in
        try await storeThatWorkedThenFails(as: (any FeedImageDataStore).self, in: directory) {
          try await $0.insert(data, for: url)
        }
      })
  }

  private func damageImages(in directory: URL) throws {
    guard let images = imagesDirectory(at: location(in: directory)) else {
      return try writeCorruptStoreFile(at: location(in: directory))
    }
    for name in try FileManager.default.contentsOfDirectory(atPath: images.path(percentEncoded: false)) {
      let file = images.appending(path: name)
      var bytes = try Data(contentsOf: file)
      bytes[bytes.count / 2] ^= 0xFF
      try bytes.write(to: file)
    }
  }

  private func require<Store>(_ store: Store?) throws -> Store {
    guard let store else { throw CocoaError(.featureUnsupported) }
    return store
  }
}
