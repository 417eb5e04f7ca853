import EssentialFeedCache
import Foundation
import Testing

/// The spec of a persistent `LimitedFeedImageDataStore`'s use of the disk: what its files take stays within its
/// limit as photos come and go. A store whose evictions only mark space as free (a database that keeps its freed
/// pages, a log that is never compacted) passes every other spec and still fills the disk.
///
/// What it covers: one instance, images of 1 byte to the whole limit, mostly tens of KiB as photos are, a fixed clock,
/// sizes as the files say (`st_size`, not blocks allocated). What it does not: many images of a few hundred bytes,
/// where each entry's own overhead (its key in a table and its indexes, a page's unused end) can take more than the
/// bound allows (the shipped SQLite store takes 1.60 × a limit of 1,000,000 bytes with images of about 1 KB).
///
/// ```swift
/// @Test(arguments: ImageCacheDiskUseSpec.allCases)
/// func diskUse(_ spec: ImageCacheDiskUseSpec) async throws {
///   let directory = FileManager.default.temporaryDirectory.appending(path: UUID().uuidString)
///   try await spec.verify(location: directory) { limits, now in
///     MyStore(storeURL: directory.appending(path: "images.db"), imageLimits: limits, currentDate: now)
///   }
/// }
/// ```
public enum ImageCacheDiskUseSpec: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// ILP-5: after inserts three times the limit, of one size and then of many, some replacing others, then one image
  /// of the whole limit and small ones after it, the store's files take at most ``allowedBytes(forLimit:)``, and at
  /// least the bytes it says it stores (else they are not under the location given); the same once it is released.
  case insertsAndEvictionsStayWithinTheLimit

  /// The spec's course ID and sentence, as it appears in `swift test` output and in UseCases.md.
  public var testDescription: String {
    "ILP-5 the files of an image cache take at most 1.2 × its limit + 128 KiB as photos come and go"
  }

  /// The most bytes the files of a store with a limit of `limit` bytes may take: 1.2 × the limit, plus 128 KiB for
  /// the index, journals and the like.
  public static func allowedBytes(forLimit limit: Int) -> Int { limit + limit / 5 + 128 << 10 }

  /// Runs this spec against a store from `makeSUT`, whose files are all under `location`, recording any failed check
  /// at `sourceLocation`.
  ///
  /// - Parameters:
  ///   - location: The directory holding everything the store writes, or its one file (with a database, the
  ///     journals beside it, `-wal`, `-shm` and `-journal`, are counted too).
  ///   - sourceLocation: Where failures are reported; defaults to the caller.
  ///   - makeSUT: Makes the store on `location`, empty at first, with the limits (1 MiB, an hour) and clock given.
  /// - Throws: ``SpecError/notRunningInSwiftTesting`` outside a Swift Testing test; any error the store throws.
  public func verify(
    location: URL, sourceLocation: SourceLocation = #_sourceLocation,
    makeSUT: LimitedFeedImageDataStoreSpec.MakeSUT
  ) async throws {
    try requireSwiftTesting()
    let limits = ImageCacheLimits(maximumBytes: 1 << 20, maximumAge: 3_600)
    let allowed = Self.allowedBytes(forLimit: limits.maximumBytes)
    var sut: (any LimitedFeedImageDataStore)? = try await makeSUT(limits, SpecClock().now)
    var rng = SplitMix64(seed: 5)
    func check(_ context: String) async throws -> Bool {
      let used = Self.bytesOnDisk(at: location)
      let stored = try await sut?.storedImageDataSize() ?? 0
      guard used >= stored else {
        let message =
          "\(context): the files at \(location.path(percentEncoded: false)) take \(used) bytes, fewer than the "
          + "\(stored) the store says it holds: the store writes somewhere else"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        return false
      }
      guard used > allowed else { return true }
      let message =
        "\(context): the store's files take \(used) bytes, more than \(allowed) (1.2 × its limit of "
        + "\(limits.maximumBytes) bytes + 128 KiB): evicted images still take space"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
      return false
    }
    for index in 0..<96 {
      let url = imageURL("even-\(index)")
      try await sut?.insert(bytes(32 << 10, url), for: url)
    }
    guard try await check("after 96 images of 32 KiB") else { return }
    for index in 0..<96 {
      let url = imageURL("mixed-\(Int.random(in: 0..<48, using: &rng))")  // some replace others
      try await sut?.insert(bytes(Int.random(in: 1...(64 << 10), using: &rng), url), for: url)
      if index.isMultiple(of: 3) { _ = try await sut?.retrieve(dataForURL: url) }
    }
    guard try await check("after 96 more of 1 byte to 64 KiB, replacing some, reading some") else { return }
    let whole = imageURL("whole")
    try await sut?.insert(bytes(limits.maximumBytes, whole), for: whole)
    for index in 0..<8 {
      let url = imageURL("small-\(index)")
      try await sut?.insert(bytes(4 << 10, url), for: url)
    }
    guard try await check("after an image of the whole limit, then 8 of 4 KiB") else { return }
    try await sut?.flush()
    sut = nil
    guard Self.bytesOnDisk(at: location) > allowed else { return }
    Issue.record(
      Comment(
        rawValue:
          "once the store is released: its files take \(Self.bytesOnDisk(at: location)) bytes, more than \(allowed)"),
      sourceLocation: sourceLocation)
  }

  /// The bytes of every regular file at or under `location`.
  static func bytesOnDisk(at location: URL) -> Int {
    let path = location.resolvingSymlinksInPath().path(percentEncoded: false)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return 0 }
    guard isDirectory.boolValue else { return ["", "-wal", "-shm", "-journal"].reduce(0) { $0 + size(of: path + $1) } }
    let names = FileManager.default.enumerator(atPath: path)?.allObjects.compactMap { $0 as? String } ?? []
    return names.reduce(0) { $0 + size(of: (path as NSString).appendingPathComponent($1)) }
  }

  private static func size(of path: String) -> Int {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      attributes[.type] as? FileAttributeType == .typeRegular
    else { return 0 }
    return (attributes[.size] as? NSNumber)?.intValue ?? 0
  }
}
