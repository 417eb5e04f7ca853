import EssentialFeedCache
import EssentialFeedSpecs
import Testing

@Suite("InMemoryFeedStore")
struct InMemoryFeedStoreSpecs {
  @Test("passes the FeedStore specs", arguments: FeedStoreSpec.allCases)
  func feedStore(_ spec: FeedStoreSpec) async throws {
    try await spec.verify { InMemoryFeedStore() }
  }

  @Test("passes the FeedImageDataStore specs", arguments: FeedImageDataStoreSpec.allCases)
  func imageDataStore(_ spec: FeedImageDataStoreSpec) async throws {
    try await spec.verify { InMemoryFeedStore() }
  }
}
