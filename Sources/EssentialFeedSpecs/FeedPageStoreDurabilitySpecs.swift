import EssentialFeedCache
import Foundation
import Testing

/// The specs of persistent page stores: what one instance keeps, another instance on the same location reads.
/// `makeSUT` returns a new instance on the same, initially empty, location each time.
public enum PersistentFeedPageStoreSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// FPP-1: a second instance reads the list the first appended, by cursor either way, and counts it.
  case secondInstanceReadsTheList
  /// FPP-2: appends, a replace and a delete by one instance are seen by the next.
  case changesSeenAcrossInstances
  /// FPP-3: generated histories through reopened instances and two live ones agree with a reference model exactly.
  case generatedHistoriesMatchTheModel
  /// FPP-4: each file of the store damaged in turn (its last byte or half of it cut, 16 bytes changed in the middle or
  /// at the end): a new instance throws, or gives no less than it held; never a shorter result, never a miss.
  case damagedFilesAreErrors

  /// The spec's course ID and sentence.
  public var testDescription: String {
    switch self {
    case .secondInstanceReadsTheList: "FPP-1 a second instance reads the list the first appended, either way"
    case .changesSeenAcrossInstances: "FPP-2 appends, a replace and a delete by one instance are seen by the next"
    case .generatedHistoriesMatchTheModel:
      "FPP-3 generated histories over two live instances and reopens agree with the model"
    case .damagedFilesAreErrors: "FPP-4 a damaged file is an error, never a shorter result"
    }
  }

  /// Runs this spec against instances from `makeSUT`, recording any failed check at `sourceLocation`.
  ///
  /// - Parameters:
  ///   - seed: The seed of the generated spec, which every failure of it prints; by default
  ///     `ESSENTIALFEED_SPEC_SEED` or a random one. The other specs ignore it.
  ///   - location: The directory whose files FPP-4 damages; by default the one `withTemporaryStoreDirectory` gave the
  ///     running test.
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  ///   - makeSUT: Makes a new instance on the same location each time.
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error the store throws.
  public func verify(
    seed: UInt64? = nil, location: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    makeSUT: @Sendable () async throws -> any FeedPageStore
  ) async throws {
    try requireSwiftTesting()
    if self == .damagedFilesAreErrors {
      try await DamageSpec.verify("FPP-4", location: location, limitsImages: false, sourceLocation: sourceLocation) {
        _ in StoreCapabilities(keptBy: try await makeSUT())
      }
      return
    }
    if self == .generatedHistoriesMatchTheModel {
      await GeneratedSpec.verify(
        .init(id: "FPP-3", focus: .pages, persistent: true), seed: seed, sourceLocation: sourceLocation
      ) { try await makeSUT() }
      return
    }
    let images = Fixtures.variedFeed() + numberedImages(4)
    var failed = false  // only the first difference is reported: the later ones follow from it
    let page = { (got: [LocalFeedImage], expected: ArraySlice<LocalFeedImage>, context: String) -> Void in
      if !failed { failed = !expectPage(got, Array(expected), context, sourceLocation) }
    }
    _ = try await makeSUT().appendPage(Array(images[0..<6]))
    switch self {
    case .damagedFilesAreErrors:
      return
    case .generatedHistoriesMatchTheModel:
      return
    case .secondInstanceReadsTheList:
      _ = try await makeSUT().appendPage(Array(images[6...]))
      let sut = try await makeSUT()
      page(try await sut.retrievePage(after: nil, limit: 5), images[0..<5], "first page")
      page(try await sut.retrievePage(after: images[4].id, limit: 5), images[5..<10], "page after")
      page(try await sut.retrievePage(before: images[9].id, limit: 3), images[6..<9], "page before")
      if !failed { expectCount(try await sut.pageImageCount(), images.count, "count", sourceLocation) }
    case .changesSeenAcrossInstances:
      _ = try await makeSUT().appendPage(Array(images[4...]))
      page(try await makeSUT().retrievePage(after: nil, limit: 30), images[...], "the list after two appends")
      _ = try await makeSUT().replacePages(with: [images[3]])
      page(try await makeSUT().retrievePage(after: nil, limit: 30), images[3...3], "the list after replace")
      try await makeSUT().deletePages()
      if !failed { expectCount(try await makeSUT().pageImageCount(), 0, "count after delete", sourceLocation) }
    }
  }
}
