import EssentialFeedCache
import Foundation
import Testing

extension PersistentLimitedFeedImageDataStoreSpec {
  /// ILP-4: two instances insert 300-byte images under a 1,000-byte limit, in turn and then at once; after each
  /// phase every instance, and a new one, counts exactly the bytes of the images it can read, at most the limit.
  static func verifySharedLimit(
    _ first: any LimitedFeedImageDataStore, _ second: any LimitedFeedImageDataStore,
    makeSUT: @Sendable () async throws -> any LimitedFeedImageDataStore, _ sourceLocation: SourceLocation
  ) async throws {
    let urls = (0..<48).map { imageURL("shared-\($0)") }
    for (index, url) in urls[..<12].enumerated() {
      try await (index.isMultiple(of: 2) ? first : second).insert(bytes(300, url), for: url)
    }
    guard try await agree([first, second, makeSUT()], urls, "after inserts in turn", sourceLocation) else { return }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (instance, range) in [(first, 12..<30), (second, 30..<48)] {
        group.addTask {
          for url in urls[range] { try await instance.insert(bytes(300, url), for: url) }
        }
      }
      try await group.waitForAll()
    }
    try await agree([first, second, makeSUT()], urls, "after inserts at once", sourceLocation)
  }

  /// Checks each store counts the bytes it can read, and no more than the limit; `false` at the first difference.
  @discardableResult
  private static func agree(
    _ stores: [any LimitedFeedImageDataStore], _ urls: [URL], _ context: String, _ sourceLocation: SourceLocation
  ) async throws -> Bool {
    for (number, store) in zip(["first", "second", "a new"], stores) {
      let counted = try await store.storedImageDataSize()
      var readable = 0
      for url in urls { readable += try await store.retrieve(dataForURL: url)?.count ?? 0 }
      guard counted != readable || counted > 1_000 else { continue }
      Issue.record(
        "\(context), the \(number) instance: counts \(counted) bytes, can read \(readable), limit 1000",
        sourceLocation: sourceLocation)
      return false
    }
    return true
  }
}
