import EssentialFeed
import EssentialFeedCache
import EssentialFeedSpecs
import Foundation

// Failing stores that start with contents, as a store that worked and then lost its disk does. Every write fails;
// a correct one (`losing: nil`) keeps its contents through each failure, a broken one loses them in the one write
// `losing` names, before it reports the failure. `SpecSuiteFailedWriteSpecs` runs them.

/// The write whose failure loses a store's earlier contents.
enum LosingWrite: Sendable {
  case replace, append, delete, enqueue, remove
}

/// Images for a failing store to start with.
private let imagesBefore = (0..<3).map {
  LocalFeedImage(id: UUID(), description: "before \($0)", location: nil, url: anyURL())
}

/// A search store holding a search, whose writes all fail; reads fail too unless `readable`.
actor FailingSearchStoreWithContents: FeedSearchStore {
  private var search: CachedSearch? = CachedSearch(
    keyword: "before", results: imagesBefore, timestamp: Date(timeIntervalSinceReferenceDate: 1_000))
  private let losing: LosingWrite?
  private let readable: Bool

  init(losing: LosingWrite? = nil, readable: Bool = true) {
    self.losing = losing
    self.readable = readable
  }

  func retrieveSearch() throws -> CachedSearch? {
    guard readable else { throw BrokenStoreError() }
    return search
  }
  func replaceSearch(with results: [LocalFeedImage], for keyword: String, timestamp: Date) throws {
    try fail(.replace)
  }
  func appendToSearch(_ results: [LocalFeedImage], for keyword: String) throws { try fail(.append) }
  func deleteSearch() throws { try fail(.delete) }

  private func fail(_ write: LosingWrite) throws -> Never {
    if write == losing { search = nil }
    throw BrokenStoreError()
  }

  /// Failures from fresh stores of this kind.
  static func failures(losing: LosingWrite? = nil) -> FeedSearchStoreFailures {
    FeedSearchStoreFailures(
      retrieval: { FailingSearchStoreWithContents(readable: false) },
      replacement: { FailingSearchStoreWithContents(losing: losing) },
      deletion: { FailingSearchStoreWithContents(losing: losing) })
  }
}

/// A page store holding a list, whose writes all fail; reads fail too unless `readable`.
actor FailingPageStoreWithContents: FeedPageStore {
  private var images = imagesBefore
  private let losing: LosingWrite?
  private let readable: Bool

  init(losing: LosingWrite? = nil, readable: Bool = true) {
    self.losing = losing
    self.readable = readable
  }

  func retrievePage(after id: UUID?, limit: Int) throws -> [LocalFeedImage] {
    guard readable else { throw BrokenStoreError() }
    let start = id.flatMap { id in images.firstIndex { $0.id == id }.map { $0 + 1 } } ?? 0
    return Array(images[start...].prefix(max(limit, 0)))
  }
  func retrievePage(before id: UUID, limit: Int) throws -> [LocalFeedImage] {
    guard readable else { throw BrokenStoreError() }
    let end = images.firstIndex { $0.id == id } ?? 0
    return Array(images[..<end].suffix(max(limit, 0)))
  }
  func appendPage(_ images: [LocalFeedImage]) throws -> [LocalFeedImage] { try fail(.append) }
  func replacePages(with images: [LocalFeedImage]) throws -> [LocalFeedImage] { try fail(.replace) }
  func pageImageCount() throws -> Int {
    guard readable else { throw BrokenStoreError() }
    return images.count
  }
  func deletePages() throws { try fail(.delete) }

  private func fail(_ write: LosingWrite) throws -> Never {
    if write == losing { images = [] }
    throw BrokenStoreError()
  }

  /// Failures from fresh stores of this kind.
  static func failures(losing: LosingWrite? = nil) -> FeedPageStoreFailures {
    FeedPageStoreFailures(
      retrieval: { FailingPageStoreWithContents(readable: false) },
      writing: { FailingPageStoreWithContents(losing: losing) })
  }
}

/// A pending like store holding two actions, whose writes all fail; reads fail too unless `readable`.
actor FailingPendingLikeStoreWithContents: PendingLikeActionStore {
  private var actions = (0..<2).map {
    PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date(timeIntervalSinceReferenceDate: Double($0)))
  }
  private let losing: LosingWrite?
  private let readable: Bool

  init(losing: LosingWrite? = nil, readable: Bool = true) {
    self.losing = losing
    self.readable = readable
  }

  func enqueue(_ action: PendingLikeAction) throws { try fail(.enqueue) }
  func pendingActions() throws -> [PendingLikeAction] {
    guard readable else { throw BrokenStoreError() }
    return actions
  }
  func removeIfPending(_ action: PendingLikeAction) throws -> Bool {
    guard readable else { throw BrokenStoreError() }
    try fail(.remove)
  }

  private func fail(_ write: LosingWrite) throws -> Never {
    if write == losing { actions = [] }
    throw BrokenStoreError()
  }

  /// Failures from fresh stores of this kind.
  static func failures(losing: LosingWrite? = nil) -> PendingLikeActionStoreFailures {
    PendingLikeActionStoreFailures(
      retrieval: { FailingPendingLikeStoreWithContents(readable: false) },
      writing: { FailingPendingLikeStoreWithContents(losing: losing) })
  }
}
