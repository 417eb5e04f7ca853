import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import Testing

/// What instances of a pretend-persistent limited image store share: the images, least recently used first.
final class SharedImageDisk: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [(key: String, data: Data)] = []

  var saved: [(key: String, data: Data)] {
    get { lock.withLock { entries } }
    set { lock.withLock { entries = newValue } }
  }
}

/// A limited image store over a shared disk that saves its order of use with every write, on `flush()` and when
/// released, but for the one `bug`, as a store that records reads lazily does.
actor BrokenPersistentLimitedImageStore: LimitedFeedImageDataStore {
  enum Bug: Sendable {
    case nothingShared, flushSavesNothing, releaseSavesNothing
    /// No bug: the correct store the others differ from.
    case correct
  }

  private let bug: Bug
  private let limit: Int
  private let disk: SharedImageDisk
  private var entries: [(key: String, data: Data)]

  init(_ bug: Bug, limits: ImageCacheLimits, disk: SharedImageDisk) {
    self.bug = bug
    self.limit = limits.maximumBytes
    self.disk = disk
    entries = bug == .nothingShared ? [] : disk.saved
  }

  deinit {
    if bug != .releaseSavesNothing, bug != .nothingShared { disk.saved = entries }
  }

  func insert(_ data: Data, for url: URL) throws {
    guard data.count <= limit else { throw ImageTooLargeError(size: data.count, limit: limit) }
    entries.removeAll { $0.key == url.absoluteString }
    entries.append((url.absoluteString, data))
    while entries.reduce(0, { $0 + $1.data.count }) > limit { entries.removeFirst() }
    save()
  }

  func retrieve(dataForURL url: URL) -> Data? {
    guard let index = entries.firstIndex(where: { $0.key == url.absoluteString }) else { return nil }
    entries.append(entries.remove(at: index))  // a use, saved lazily
    return entries.last?.data
  }

  func storedImageDataSize() -> Int { entries.reduce(0) { $0 + $1.data.count } }

  func deleteAllImageData() {
    entries = []
    save()
  }

  func flush() {
    if bug != .flushSavesNothing { save() }
  }

  private func save() {
    if bug != .nothingShared { disk.saved = entries }
  }
}

@Suite("Every persistent limited image store spec fails its broken store")
struct SpecSuitePersistentLimitedImageSpecs {
  @Test(
    "SS-47 each persistent limited image store spec fails the store with its bug",
    arguments: PersistentLimitedFeedImageDataStoreSpec.allCases)
  func persistentSpec(_ spec: PersistentLimitedFeedImageDataStoreSpec) async throws {
    let (bug, expected): (BrokenPersistentLimitedImageStore.Bug, String) =
      switch spec {
      case .secondInstanceKeepsImagesAndOrder: (.nothingShared, "a second instance's total: total 0 bytes")
      case .flushedReadsOrderTheNextInstance: (.flushSavesNothing, "and flush(), then an insert over the limit: a.png")
      case .releasedStoreSavesItsReads: (.releaseSavesNothing, "first released, then an insert over the limit: a.png")
      }
    let disk = SharedImageDisk()
    try await withKnownIssue {
      try await spec.verify { limits, _ in BrokenPersistentLimitedImageStore(bug, limits: limits, disk: disk) }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(expected) }
    }
  }

  @Test(
    "SS-47 a store that saves its reads on every write, on flush() and on release passes every persistent spec",
    arguments: PersistentLimitedFeedImageDataStoreSpec.allCases)
  func correctStorePasses(_ spec: PersistentLimitedFeedImageDataStoreSpec) async throws {
    let disk = SharedImageDisk()
    try await spec.verify { limits, _ in BrokenPersistentLimitedImageStore(.correct, limits: limits, disk: disk) }
  }
}
