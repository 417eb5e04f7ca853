import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

/// What instances of a pretend-persistent limited image store share: the image files, and the index (least
/// recently used first).
final class SharedImageDisk: @unchecked Sendable {
  private let lock = NSRecursiveLock()  // `locked` bodies read and write the files and the index
  private var storedFiles: [String: Data] = [:]
  private var storedIndex: [String] = []
  private var storedDates: [String: Date] = [:]

  var files: [String: Data] {
    get { lock.withLock { storedFiles } }
    set { lock.withLock { storedFiles = newValue } }
  }
  var index: [String] {
    get { lock.withLock { storedIndex } }
    set { lock.withLock { storedIndex = newValue } }
  }
  /// When each image was stored.
  var dates: [String: Date] {
    get { lock.withLock { storedDates } }
    set { lock.withLock { storedDates = newValue } }
  }

  /// Saves an instance's order of use: the images it knows of in its order, after those it does not (stored by
  /// another instance since), and none that another instance removed.
  func save(_ order: [String]) {
    locked {
      let known = Set(order)
      index = index.filter { !known.contains($0) } + order.filter { files[$0] != nil }
    }
  }

  /// Runs `body` alone, as a store holding a lock file does.
  func locked<T>(_ body: () throws -> T) rethrows -> T {
    try lock.withLock { try body() }
  }
}

/// A limited image store over a shared disk that reads the index again before each change and saves its order of use
/// with every write, on `flush()` and when released, but for the one `bug`, as a store that records reads lazily does.
actor BrokenPersistentLimitedImageStore: LimitedFeedImageDataStore {
  enum Bug: Sendable {
    case nothingShared, flushSavesNothing, releaseSavesNothing, indexNotReadAgain
    /// No bug: the correct store the others differ from.
    case correct
  }

  private let bug: Bug
  private let limit: Int
  private let limits: ImageCacheLimits
  private let currentDate: @Sendable () -> Date
  private let disk: SharedImageDisk
  private var order: [String]
  /// How many of the last keys of `order` are reads not saved yet.
  private var readsSinceSave = 0
  private var files: [String: Data] = [:]

  init(
    _ bug: Bug, limits: ImageCacheLimits, currentDate: @escaping @Sendable () -> Date = Date.init,
    disk: SharedImageDisk
  ) {
    self.bug = bug
    self.limit = limits.maximumBytes
    self.limits = limits
    self.currentDate = currentDate
    self.disk = disk
    order = bug == .nothingShared ? [] : disk.index
  }

  deinit {
    if bug != .releaseSavesNothing, bug != .nothingShared { disk.save(order) }
  }

  func insert(_ data: Data, for url: URL) throws {
    guard data.count <= limit else { throw ImageTooLargeError(size: data.count, limit: limit) }
    guard bug != .nothingShared else { return insertLocally(data, url.absoluteString) }
    disk.locked {
      if bug != .indexNotReadAgain {
        // The index again, with this instance's reads since its last save moved to the end, in their order.
        let read = order.suffix(readsSinceSave)
        order = disk.index.filter { !read.contains($0) } + read.filter { disk.files[$0] != nil }
      }
      readsSinceSave = 0
      var files = disk.files
      order.removeAll { $0 == url.absoluteString }
      order.append(url.absoluteString)
      files[url.absoluteString] = data
      disk.dates[url.absoluteString] = currentDate()
      while order.reduce(0, { $0 + (files[$1]?.count ?? 0) }) > limit { files[order.removeFirst()] = nil }
      disk.files = files
      disk.index = order
    }
  }

  private func insertLocally(_ data: Data, _ key: String) {
    order.removeAll { $0 == key }
    order.append(key)
    files[key] = data
    while order.reduce(0, { $0 + (files[$1]?.count ?? 0) }) > limit { files[order.removeFirst()] = nil }
  }

  func retrieve(dataForURL url: URL) -> Data? {
    let key = url.absoluteString
    guard let data = bug == .nothingShared ? files[key] : disk.files[key] else { return nil }
    if bug != .nothingShared, let stored = disk.dates[key], limits.hasExpired(storedAt: stored, at: currentDate()) {
      disk.locked {
        disk.files[key] = nil
        disk.index.removeAll { $0 == key }
      }
      order.removeAll { $0 == key }
      return nil
    }
    order.removeAll { $0 == key }
    order.append(key)  // a use, saved lazily
    readsSinceSave = min(order.count, readsSinceSave + 1)
    return data
  }

  func storedImageDataSize() -> Int {
    if bug != .indexNotReadAgain, bug != .nothingShared { order = disk.index }
    let files = bug == .nothingShared ? files : disk.files
    return order.reduce(0) { $0 + (files[$1]?.count ?? 0) }
  }

  func deleteAllImageData() {
    order = []
    files = [:]
    disk.locked {
      disk.files = [:]
      disk.index = []
    }
  }

  func flush() {
    if bug != .flushSavesNothing, bug != .nothingShared { disk.save(order) }
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
      case .releasedStoreSavesItsReads: (.nothingShared, "released without flush(): total 0 bytes, expected 900")
      case .twoInstancesShareTheLimit: (.indexNotReadAgain, "after inserts in turn, the first instance: counts 900")
      case .generatedHistoriesMatchTheModel: (.nothingShared, "ILP-6 generated history")
      case .damagedFilesAreErrors: (.nothingShared, "ILP-7")  // needs real files: run through expectDamageCaught
      }
    if spec == .damagedFilesAreErrors {
      return try await expectDamageCaught("ILP-7") { disk in
        try await spec.verify { limits, now in
          FlawedStore(.damagedLinesSkipped, disk: disk, limits: limits, currentDate: now)
        }
      }
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
    try await withTemporaryDirectory(preferringMemory: true) { _ in  // ILP-7 finds no files of this store to damage
      try await spec.verify { limits, now in
        BrokenPersistentLimitedImageStore(.correct, limits: limits, currentDate: now, disk: disk)
      }
    }
  }
}
