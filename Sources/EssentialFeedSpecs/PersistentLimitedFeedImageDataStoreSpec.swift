import EssentialFeedCache
import Foundation
import Testing

/// The specs of a limited image data store that persists: a new instance on the same location holds the images, the
/// total and the order of use of the one before it, reads included, once they were flushed or the store released.
///
/// ```swift
/// @Test(arguments: PersistentLimitedFeedImageDataStoreSpec.allCases)
/// func myImageCachePersists(_ spec: PersistentLimitedFeedImageDataStoreSpec) async throws {
///   try await withTemporaryStoreDirectory { directory in
///     let storeURL = directory.appending(path: "feed.store")
///     try await spec.verify { limits, currentDate in
///       MyStore(storeURL: storeURL, imageLimits: limits, currentDate: currentDate)
///     }
///   }
/// }
/// ```
public enum PersistentLimitedFeedImageDataStoreSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// ILP-1: a second instance holds the images and the total of the first, and evicts in its order of inserts.
  case secondInstanceKeepsImagesAndOrder
  /// ILP-2: reads flushed by `flush()` order a second instance's evictions, while the first lives on.
  case flushedReadsOrderTheNextInstance
  /// ILP-3: a store released without `flush()` loses only the order of use its reads recorded since the last save: a
  /// second instance holds every image and the total, and stays within the limit. Releasing need not save anything
  /// (a store does no I/O in `deinit`).
  case releasedStoreSavesItsReads
  /// ILP-4: two instances on one location, used in turn and then at once (two processes sharing a cache), keep the
  /// limit: each counts exactly the bytes it can read, and never more than the limit.
  case twoInstancesShareTheLimit
  /// ILP-6: generated histories through instances reopened with the clock moved on, and two live ones, agree with a
  /// least-recently-used model (a miss allowed while two instances share the cache; never other data, never over the
  /// limit, never an expired image).
  case generatedHistoriesMatchTheModel
  /// ILP-7: each file of the store damaged in turn (its last byte or half of it cut, 16 bytes changed in the middle or
  /// at the end): a new instance throws, or gives no less than it held; never a shorter result, never a miss.
  case damagedFilesAreErrors

  /// The spec's course ID and sentence, as it appears in `swift test` output and in UseCases.md.
  public var testDescription: String {
    switch self {
    case .secondInstanceKeepsImagesAndOrder: "ILP-1 a second instance keeps the images, the total and the order"
    case .flushedReadsOrderTheNextInstance: "ILP-2 reads saved by flush() order the next instance's evictions"
    case .releasedStoreSavesItsReads:
      "ILP-3 a store released without flush() loses only the order of use: the next instance holds every image"
    case .twoInstancesShareTheLimit: "ILP-4 two instances on one location keep the limit and count what they hold"
    case .generatedHistoriesMatchTheModel:
      "ILP-6 generated histories over two live instances and reopens agree with the model"
    case .damagedFilesAreErrors: "ILP-7 a damaged file is an error, never a shorter result"
    }
  }

  /// Runs this spec against instances from `makeSUT`, recording any failed check at `sourceLocation`.
  ///
  /// - Parameters:
  ///   - seed: The seed of the generated spec, which every failure of it prints; by default
  ///     `ESSENTIALFEED_SPEC_SEED` or a random one. The other specs ignore it.
  ///   - location: The directory whose files ILP-7 damages; by default the one `withTemporaryStoreDirectory` gave the
  ///     running test.
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  ///   - makeSUT: Makes a new instance on the same, initially empty, location each time, with the limits (1,000
  ///     bytes, a minute) and the clock given.
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error the store throws.
  public func verify(
    seed: UInt64? = nil, location: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    makeSUT: LimitedFeedImageDataStoreSpec.MakeSUT
  ) async throws {
    try requireSwiftTesting()
    if self == .damagedFilesAreErrors {
      try await withoutActuallyEscaping(makeSUT) { makeSUT in
        _ = try await DamageSpec.verify("ILP-7", location: location, limitsImages: true, sourceLocation: sourceLocation)
        {
          setup in
          StoreCapabilities(
            keptBy: try await makeSUT(setup.imageLimits ?? ImageCacheLimits(maximumBytes: .max), setup.clock.now))
        }
      }
      return
    }
    if self == .generatedHistoriesMatchTheModel {
      await GeneratedSpec.verify(
        .init(id: "ILP-6", focus: .images, persistent: true, limitsImages: true), seed: seed,
        sourceLocation: sourceLocation, makeLimited: makeSUT)
      return
    }
    let clock = SpecClock()
    let limits = ImageCacheLimits(maximumBytes: 1_000, maximumAge: 60)
    let (a, b, c, d) = (imageURL("a"), imageURL("b"), imageURL("c"), imageURL("d"))
    var first: (any LimitedFeedImageDataStore)? = try await makeSUT(limits, clock.now)
    if self == .twoInstancesShareTheLimit, let first {
      let second = try await makeSUT(limits, clock.now)
      try await Self.verifySharedLimit(first, second, makeSUT: { try await makeSUT(limits, clock.now) }, sourceLocation)
      return
    }
    for url in [a, b, c] { try await first?.insert(bytes(300, url), for: url) }
    switch self {
    case .damagedFilesAreErrors:
      return
    case .generatedHistoriesMatchTheModel:
      return
    case .secondInstanceKeepsImagesAndOrder:
      first = nil
      let second = try await makeSUT(limits, clock.now)
      let check = ImageChecks(sut: second, sourceLocation: sourceLocation)
      guard try await check.stored([], missing: [], total: 900, "a second instance's total") else { return }
      try await second.insert(bytes(300, d), for: d)
      try await check.stored([b, c, d], missing: [a], total: 900, "a second instance, after an insert over the limit")
    case .releasedStoreSavesItsReads:
      guard try await first?.retrieve(dataForURL: a) == bytes(300, a) else {
        Issue.record("the first instance's read of a.png: a miss, expected 300 bytes", sourceLocation: sourceLocation)
        return
      }
      first = nil
      let second = try await makeSUT(limits, clock.now)
      let check = ImageChecks(sut: second, sourceLocation: sourceLocation)
      let context = "a second instance, after a read of a and the first released without flush()"
      // The total first: reading the images would record uses of its own.
      guard try await check.stored([], missing: [], total: 900, context) else { return }
      try await second.insert(bytes(300, d), for: d)
      // Evicted: a (the read was not saved) or b (a store that saved it anyway); never c, d, or both.
      try await check.stored([c, d], missing: [], total: 900, "\(context), then an insert over the limit")
      let aKept = try await second.retrieve(dataForURL: a) != nil
      let bKept = try await second.retrieve(dataForURL: b) != nil
      if aKept == bKept {
        Issue.record(
          "\(context), then an insert over the limit: a.png and b.png both \(aKept ? "kept" : "evicted"), expected one",
          sourceLocation: sourceLocation)
      }
    case .flushedReadsOrderTheNextInstance, .twoInstancesShareTheLimit:
      guard try await first?.retrieve(dataForURL: a) == bytes(300, a) else {
        Issue.record("the first instance's read of a.png: a miss, expected 300 bytes", sourceLocation: sourceLocation)
        return
      }
      let context: String
      if self == .flushedReadsOrderTheNextInstance {
        try await first?.flush()
        context = "a second instance, after a read of a and flush()"
      } else {
        first = nil
        context = "a second instance, after a read of a and the first released"
      }
      let second = try await makeSUT(limits, clock.now)
      try await second.insert(bytes(300, d), for: d)
      try await ImageChecks(sut: second, sourceLocation: sourceLocation).stored(
        [a, c, d], missing: [b], total: 900, "\(context), then an insert over the limit")
    }
    withExtendedLifetime(first) {}
  }
}
