import EssentialFeed
import EssentialFeedCache
import Foundation
import Synchronization
import Testing

/// Validate the last search and the page list: each read whole, kept when it reads, deleted when it cannot be read,
/// as Validate Feed Cache does for the feed. Neither expires (a search is asked again online, the page list replaced
/// on the next browse), so a readable part is always kept.
@Suite("Validate the cache's search and page list")
struct ValidateCachePartsSpecs {
  @Test("VCP-1 nothing stored: nothing to do, nothing deleted")
  func nothingStored() async throws {
    let (search, pages) = (PartStoreStub(), PartStoreStub())
    #expect(try await LocalFeedSearchLoader(store: search, currentDate: Date.init).validateSearch() == .nothingToDo)
    #expect(try await LocalFeedPageLoader(store: pages).validatePages() == .nothingToDo)
    #expect(search.deletions == 0 && pages.deletions == 0)
  }

  @Test("VCP-2 a part that reads is kept, with its count")
  func readablePartIsKept() async throws {
    let (search, pages) = (PartStoreStub(images: 3), PartStoreStub(images: 2_500))
    #expect(try await LocalFeedSearchLoader(store: search, currentDate: Date.init).validateSearch() == .kept(count: 3))
    #expect(try await LocalFeedPageLoader(store: pages).validatePages() == .kept(count: 2_500))
    #expect(search.deletions == 0 && pages.deletions == 0)
  }

  @Test(
    "VCP-3 a part that cannot be read is deleted, and the reason said; a page list unreadable past its first rows too")
  func unreadablePartIsDeleted() async throws {
    let search = PartStoreStub(images: 3, unreadableFrom: 0)
    let pages = PartStoreStub(images: 2_500, unreadableFrom: 2_100)
    #expect(
      try await LocalFeedSearchLoader(store: search, currentDate: Date.init).validateSearch()
        == .deletedUnreadable(reason: "\(PartStoreStub.unreadable)"))
    #expect(
      try await LocalFeedPageLoader(store: pages).validatePages()
        == .deletedUnreadable(reason: "\(PartStoreStub.unreadable)"))
    #expect(search.deletions == 1 && pages.deletions == 1)
  }

  @Test("VCP-4 an unreadable part that cannot be deleted either is the deletion's error")
  func failedDeletionIsAnError() async throws {
    let search = PartStoreStub(images: 3, unreadableFrom: 0, deletable: false)
    let pages = PartStoreStub(images: 3, unreadableFrom: 0, deletable: false)
    await #expect(throws: PartStoreStub.undeletable) {
      try await LocalFeedSearchLoader(store: search, currentDate: Date.init).validateSearch()
    }
    await #expect(throws: PartStoreStub.undeletable) { try await LocalFeedPageLoader(store: pages).validatePages() }
  }

  @Test("VCP-6 a page list over the loader's bound (written before it, or under a larger one) is deleted, and said")
  func pageListOverItsBound() async throws {
    let pages = PartStoreStub(images: 2_500)
    #expect(
      try await LocalFeedPageLoader(store: pages, maximumImages: 2_000).validatePages()
        == .deletedOverLimit(count: 2_500, limit: 2_000))
    #expect(pages.deletions == 1)
    #expect(
      try await LocalFeedPageLoader(store: PartStoreStub(images: 2_000), maximumImages: 2_000).validatePages()
        == .kept(count: 2_000))
  }

  @Test("VCP-5 a task cancelled before validation starts touches nothing")
  func cancelledBeforeStart() async throws {
    let (search, pages) = (PartStoreStub(images: 3, unreadableFrom: 0), PartStoreStub(images: 3, unreadableFrom: 0))
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return (
        await Result { try await LocalFeedSearchLoader(store: search, currentDate: Date.init).validateSearch() },
        await Result { try await LocalFeedPageLoader(store: pages).validatePages() }
      )
    }
    let (searchResult, pagesResult) = await task.value
    #expect(throws: CancellationError.self) { try searchResult.get() }
    #expect(throws: CancellationError.self) { try pagesResult.get() }
    #expect(search.reads == 0 && pages.reads == 0 && search.deletions == 0 && pages.deletions == 0)
  }
}

extension Result where Failure == any Error {
  fileprivate init(catching body: () async throws -> Success) async {
    do { self = .success(try await body()) } catch { self = .failure(error) }
  }
}

/// A search and page store of `images` images whose reads fail from image `unreadableFrom` on.
private final class PartStoreStub: FeedSearchStore, FeedPageStore {
  struct Failure: Error, Equatable, CustomStringConvertible {
    let description: String
  }
  static let unreadable = Failure(description: "row 2100 is damaged")
  static let undeletable = Failure(description: "read-only")

  private struct State {
    var images: [LocalFeedImage]
    var reads = 0
    var deletions = 0
  }
  private let state: Mutex<State>
  private let unreadableFrom: Int?
  private let deletable: Bool

  init(images: Int = 0, unreadableFrom: Int? = nil, deletable: Bool = true) {
    let list = (0..<images).map {
      LocalFeedImage(id: UUID(), description: nil, location: nil, url: URL(fileURLWithPath: "/\($0)"))
    }
    state = Mutex(State(images: list))
    self.unreadableFrom = unreadableFrom
    self.deletable = deletable
  }

  var reads: Int { state.withLock { $0.reads } }
  var deletions: Int { state.withLock { $0.deletions } }

  private func read(_ range: Range<Int>) throws -> [LocalFeedImage] {
    try state.withLock { state in
      state.reads += 1
      let range = range.clamped(to: 0..<state.images.count)
      if let unreadableFrom, range.upperBound > unreadableFrom { throw Self.unreadable }
      return Array(state.images[range])
    }
  }

  private func delete() throws {
    guard deletable else { throw Self.undeletable }
    state.withLock {
      $0.deletions += 1
      $0.images = []
    }
  }

  func retrieveSearch() throws -> CachedSearch? {
    let count = state.withLock { $0.images.count }
    guard count > 0 else {
      _ = try read(0..<0)
      return nil
    }
    return CachedSearch(keyword: "k", results: try read(0..<count), timestamp: Date())
  }

  func replaceSearch(with results: [LocalFeedImage], for keyword: String, timestamp: Date) {}
  func appendToSearch(_ results: [LocalFeedImage], for keyword: String) {}
  func deleteSearch() throws { try delete() }

  func retrievePage(after id: UUID?, limit: Int) throws -> [LocalFeedImage] {
    let start = state.withLock { state in
      id.flatMap { id in state.images.firstIndex { $0.id == id } }.map { $0 + 1 } ?? 0
    }
    return try read(start..<(start + max(0, limit)))
  }

  func retrievePage(before id: UUID, limit: Int) -> [LocalFeedImage] { [] }
  func appendPage(_ images: [LocalFeedImage]) -> [LocalFeedImage] { [] }
  func replacePages(with images: [LocalFeedImage]) -> [LocalFeedImage] { [] }
  func pageImageCount() -> Int { state.withLock { $0.images.count } }
  func deletePages() throws { try delete() }
}
