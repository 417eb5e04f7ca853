import EssentialFeedCache
import Foundation
import Testing

/// The specs of an image data store with limits: the total stays within the byte limit after every insert, least
/// recently used first (a read is a use), and an entry as old as the maximum age is a miss.
///
/// ```swift
/// @Test(arguments: LimitedFeedImageDataStoreSpec.allCases)
/// func myImageCache(_ spec: LimitedFeedImageDataStoreSpec) async throws {
///   try await spec.verify { limits, currentDate in MyStore(imageLimits: limits, currentDate: currentDate) }
/// }
/// ```
public enum LimitedFeedImageDataStoreSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// ICL-1: random inserts and reads (seeded) agree with a plain LRU model, and the total stays within the limit.
  case randomWorkloadMatchesModel
  /// ICL-2: the least recently used image goes first, and a read counts as a use.
  case leastRecentlyUsedGoesFirst
  /// ICL-3: an image is a hit just before the maximum age and a miss, removed, at exactly the maximum age.
  case expiresAtExactlyMaximumAge
  /// ICL-4: an image larger than the whole limit is not stored, with an error, and nothing else changes.
  case oversizedImageIsRejected
  /// ICL-5: replacing an image counts its new size only.
  case replacingCountsNewSize
  /// ICL-6: deleting all image data empties the cache.
  case deleteAllEmpties
  /// ICL-7: concurrent inserts, on separate threads, keep the total within the limit and equal to what is stored.
  case concurrentInsertsStayWithinLimit
  /// ICL-22: the limit is inclusive: an image of exactly the limit is stored (alone), one byte over is not, and an
  /// empty image is stored, found, and counts 0 bytes.
  case boundariesOfTheLimit
  /// ICL-23: a limit of 0 keeps only empty images: one byte is rejected with an error, and an empty image is stored.
  case zeroLimitKeepsOnlyEmptyImages
  /// ICL-29: generated histories of inserts, reads, clock moves to just before and after each image's maximum age,
  /// flushes and deletes, under limits that are no round numbers and a clock that starts mid-second, agree with a
  /// least-recently-used model exactly.
  case generatedHistoriesMatchTheModel
  /// ICL-30: deleting all image data of a cache never written succeeds, leaves it empty, and it then stores images.
  case deleteAllOfANewCacheSucceeds

  /// The spec's course ID and sentence, as it appears in `swift test` output and in UseCases.md.
  public var testDescription: String {
    switch self {
    case .randomWorkloadMatchesModel: "ICL-1 random inserts and reads agree with an LRU model, within the limit"
    case .leastRecentlyUsedGoesFirst: "ICL-2 the least recently used image goes first; a read is a use"
    case .expiresAtExactlyMaximumAge: "ICL-3 an image is a miss, and removed, at exactly the maximum age"
    case .oversizedImageIsRejected: "ICL-4 an image larger than the whole limit is rejected; nothing else changes"
    case .replacingCountsNewSize: "ICL-5 replacing an image counts its new size only"
    case .deleteAllEmpties: "ICL-6 deleting all image data empties the cache"
    case .concurrentInsertsStayWithinLimit: "ICL-7 concurrent inserts stay within the limit and add up"
    case .boundariesOfTheLimit: "ICL-22 an image of exactly the limit is kept alone; an empty image counts 0 bytes"
    case .zeroLimitKeepsOnlyEmptyImages: "ICL-23 a limit of 0 bytes keeps only empty images"
    case .generatedHistoriesMatchTheModel: "ICL-29 generated histories agree with a least-recently-used model"
    case .deleteAllOfANewCacheSucceeds: "ICL-30 deleting all image data of a cache never written succeeds"
    }
  }

  /// Makes the store under test: empty, with `limits`, reading `currentDate`.
  public typealias MakeSUT =
    @Sendable (
      _ limits: ImageCacheLimits, _ currentDate: @escaping @Sendable () -> Date
    ) async throws -> any LimitedFeedImageDataStore

  /// Runs this spec against a store from `makeSUT`, recording any failed check at `sourceLocation`.
  ///
  /// - Parameters:
  ///   - seed: The seed of ``randomWorkloadMatchesModel``; by default `ESSENTIALFEED_SPEC_SEED` or a random one.
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  ///   - makeSUT: Makes the store under test, empty, with the limits and clock given. It is called once: with a
  ///     limit of 1,000 bytes and a maximum age of a minute, or for ICL-23 a limit of 0 bytes.
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error the store throws.
  public func verify(
    seed: UInt64? = nil, sourceLocation: SourceLocation = #_sourceLocation, makeSUT: MakeSUT
  ) async throws {
    try requireSwiftTesting()
    if self == .generatedHistoriesMatchTheModel {
      await GeneratedSpec.verify(
        .init(id: "ICL-29", focus: .images, limitsImages: true), seed: seed, sourceLocation: sourceLocation,
        makeLimited: makeSUT)
      return
    }
    let clock = SpecClock()
    let maximumBytes = self == .zeroLimitKeepsOnlyEmptyImages ? 0 : 1_000
    let sut = try await makeSUT(ImageCacheLimits(maximumBytes: maximumBytes, maximumAge: 60), clock.now)
    let (a, b, c, d) = (imageURL("a"), imageURL("b"), imageURL("c"), imageURL("d"))
    let check = ImageChecks(sut: sut, sourceLocation: sourceLocation)
    switch self {
    case .deleteAllOfANewCacheSucceeds:
      do {
        try await sut.deleteAllImageData()
      } catch {
        Issue.record(
          "deleting all image data of a cache never written: got an error (\(error)), expected success",
          sourceLocation: sourceLocation)
        return
      }
      try await check.stored([], missing: [a], total: 0, "after deleting all of a cache never written")
      try await sut.insert(bytes(100, b), for: b)
      try await check.stored([b], missing: [a], total: 100, "after an insert into a cache emptied when new")
    case .generatedHistoriesMatchTheModel:
      return
    case .randomWorkloadMatchesModel:
      try await Self.verifyRandomWorkload(sut, seed: RandomizedRounds.seed(seed), sourceLocation: sourceLocation)
    case .leastRecentlyUsedGoesFirst:
      for url in [a, b, c] { try await sut.insert(bytes(300, url), for: url) }
      _ = try await sut.retrieve(dataForURL: a)
      try await sut.insert(bytes(300, d), for: d)
      try await check.stored([a, c, d], missing: [b], total: 900, "after a read of a and an insert over the limit")
    case .expiresAtExactlyMaximumAge:
      try await sut.insert(bytes(100, a), for: a)
      clock.advance(by: 59.999)
      try await check.stored([a], missing: [], total: 100, "just before the maximum age")
      clock.advance(by: 0.001)
      try await check.stored([], missing: [a], total: 0, "at exactly the maximum age")
    case .oversizedImageIsRejected:
      try await sut.insert(bytes(400, a), for: a)
      do {
        try await sut.insert(bytes(1_001, b), for: b)
        Issue.record("insert of 1,001 bytes over a 1,000-byte limit: succeeded", sourceLocation: sourceLocation)
        return
      } catch {}
      try await check.stored([a], missing: [b], total: 400, "after an oversized insert")
    case .replacingCountsNewSize:
      try await sut.insert(bytes(600, a), for: a)
      try await sut.insert(bytes(300, a), for: a)
      try await sut.insert(bytes(700, b), for: b)
      try await check.stored([a, b], missing: [], total: 1_000, "after replacing 600 bytes with 300")
    case .deleteAllEmpties:
      for url in [a, b] { try await sut.insert(bytes(300, url), for: url) }
      try await sut.deleteAllImageData()
      try await check.stored([], missing: [a, b], total: 0, "after deleting all")
    case .concurrentInsertsStayWithinLimit:
      try await Self.verifyConcurrentInserts(sut, sourceLocation: sourceLocation)
    case .boundariesOfTheLimit:
      try await Self.verifyBoundaries(sut, check: check)
    case .zeroLimitKeepsOnlyEmptyImages:
      if (try? await sut.insert(bytes(1, a), for: a)) != nil {
        Issue.record(
          "insert of 1 byte under a limit of 0: succeeded, expected an error", sourceLocation: sourceLocation)
        return
      }
      try await sut.insert(Data(), for: b)
      try await check.stored([b], missing: [a], total: 0, "after 1 byte and an empty image under a limit of 0")
    }
  }
}
