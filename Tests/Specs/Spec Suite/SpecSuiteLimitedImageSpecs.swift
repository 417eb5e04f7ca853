import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import Testing

@Suite("Every limited image store spec fails its broken store", .serialized)
struct SpecSuiteLimitedImageSpecs {
  @Test(
    "SS-31 each LimitedFeedImageDataStore spec fails the store with its bug",
    arguments: LimitedFeedImageDataStoreSpec.allCases)
  func limitedImageStoreSpec(_ spec: LimitedFeedImageDataStoreSpec) async throws {
    let (bug, expected) = spec.broken
    try await withKnownIssue {
      try await spec.verify { limits, now in
        // ICL-30: a store that reads its index before deleting it, and throws when there is none yet
        spec == .deleteAllOfANewCacheSucceeds
          ? FlawedStore(.deleteAllFailsWhenNeverWritten, limits: limits, currentDate: now)
            as any LimitedFeedImageDataStore
          : BrokenLimitedImageStore(bug, limits: limits, currentDate: now)
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(expected) }
    }
  }
}
