import EssentialFeedCache
import Foundation
import Testing

@testable import EssentialFeedSpecs

/// Every spec of every suite, as one argument list.
enum AnySpec: Sendable, CustomTestStringConvertible {
  case feed(FeedStoreSpec)
  case images(FeedImageDataStoreSpec)
  case search(FeedSearchStoreSpec)
  case pages(FeedPageStoreSpec)
  case likes(PendingLikeActionStoreSpec)
  case limited(LimitedFeedImageDataStoreSpec)
  case persistentFeed(PersistentFeedStoreSpec)
  case persistentSearch(PersistentFeedSearchStoreSpec)
  case persistentPages(PersistentFeedPageStoreSpec)
  case persistentLikes(PersistentPendingLikeActionStoreSpec)
  case persistentLimited(PersistentLimitedFeedImageDataStoreSpec)
  case failableImages(FailableFeedImageDataStoreSpec)

  static let all: [AnySpec] =
    FeedStoreSpec.allCases.map(feed) + FeedImageDataStoreSpec.allCases.map(images)
    + FeedSearchStoreSpec.allCases.map(search) + FeedPageStoreSpec.allCases.map(pages)
    + PendingLikeActionStoreSpec.allCases.filter { $0 != .actionsPastSixteenBits }.map(likes)
    + LimitedFeedImageDataStoreSpec.allCases.map(limited) + PersistentFeedStoreSpec.allCases.map(persistentFeed)
    + PersistentFeedSearchStoreSpec.allCases.map(persistentSearch)
    + PersistentFeedPageStoreSpec.allCases.map(persistentPages)
    + PersistentPendingLikeActionStoreSpec.allCases.map(persistentLikes)
    + PersistentLimitedFeedImageDataStoreSpec.allCases.map(persistentLimited)
    + FailableFeedImageDataStoreSpec.allCases.map(failableImages)

  var testDescription: String {
    switch self {
    case .feed(let spec): spec.testDescription
    case .images(let spec): spec.testDescription
    case .search(let spec): spec.testDescription
    case .pages(let spec): spec.testDescription
    case .likes(let spec): spec.testDescription
    case .limited(let spec): spec.testDescription
    case .persistentFeed(let spec): spec.testDescription
    case .persistentSearch(let spec): spec.testDescription
    case .persistentPages(let spec): spec.testDescription
    case .persistentLikes(let spec): spec.testDescription
    case .persistentLimited(let spec): spec.testDescription
    case .failableImages(let spec): spec.testDescription
    }
  }

  /// Runs the spec on `FlawedStore`s with `flaw`: new ones in memory, or instances on one disk for the persistent
  /// suites.
  func verify(_ flaw: Flaw) async throws {
    let disk = FlawedDisk.fresh()
    let onDisk = { @Sendable in FlawedStore(flaw, disk: disk) }
    let limited: LimitedFeedImageDataStoreSpec.MakeSUT = { limits, now in
      FlawedStore(flaw, disk: disk, limits: limits, currentDate: now)
    }
    switch self {
    case .feed(let spec): try await spec.verify { FlawedStore(flaw) }
    case .images(let spec): try await spec.verify { FlawedStore(flaw) }
    case .search(let spec): try await spec.verify { FlawedStore(flaw) }
    case .pages(let spec): try await spec.verify { FlawedStore(flaw) }
    case .likes(let spec): try await spec.verify { FlawedStore(flaw) }
    case .limited(let spec):
      try await spec.verify { limits, now in FlawedStore(flaw, limits: limits, currentDate: now) }
    case .persistentFeed(let spec): try await spec.verify(makeSUT: onDisk)
    case .persistentSearch(let spec): try await spec.verify(makeSUT: onDisk)
    case .persistentPages(let spec): try await spec.verify(makeSUT: onDisk)
    case .persistentLikes(let spec): try await spec.verify(makeSUT: onDisk)
    case .persistentLimited(let spec): try await spec.verify(makeSUT: limited)
    case .failableImages(let spec): try await spec.verify(flaw.failures)
    }
  }
}

@Suite("The store without a flaw passes every suite")
struct SpecSuiteFlawlessSpecs {
  /// Every spec but the races' rounds and torn-state phases and FPS-16 (which take this slow store many seconds, and
  /// which the shipped stores pass), the generated ones with two histories (the first with every sweep).
  static let specs = AnySpec.all.filter { spec in
    let id = spec.testDescription.prefix { $0 != " " }
    return !["FS-14", "IS-6", "SRS-9", "FPS-11", "FPS-14", "FPS-16", "PA-8", "ICL-7", "ILP-4"].contains(String(id))
  }

  @Test(
    "SS-53 the text-file store the flaws differ from passes every spec of every suite, so each flaw's failure is its own",
    arguments: specs)
  func flawlessStorePasses(_ spec: AnySpec) async throws {
    try await GeneratedSpec.$historiesOverride.withValue(2) {
      try await inFlawedDirectory { try await spec.verify(.none) }
    }
  }
}
