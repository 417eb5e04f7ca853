import Foundation
import TestSupport
import Testing

@testable import EssentialFeed

@Suite("Windowed list: failures, cancel, order")
struct FeedWindowFailureSpecs {
  @Test("WL-9 a failing remote at the bottom: the error is delivered, the window stays, and a retry continues")
  func failingRemote() async throws {
    let (sut, remote, pages) = makeWindow(count: 9, capacity: 6)
    let first = try await sut.loadNext()
    remote.failNext(with: anyNSError())

    await #expect(throws: NSError.self) { try await next(first) }

    #expect(await sut.current.items == first.items)
    #expect(await pages.images == first.items)
    let retried = try await next(first)
    #expect(retried.items == Array(remote.images[0..<6]))
  }

  @Test("WL-10 a failing page store: the error is delivered either way, and the window stays")
  func failingPageStore() async throws {
    let (sut, remote, pages) = makeWindow(count: 12, capacity: 6)
    var window = try await sut.loadNext()
    for _ in 0..<2 { window = try await next(window) }
    let held = window

    await pages.failReads()
    await #expect(throws: NSError.self) { try await sut.loadNext() }
    await #expect(throws: NSError.self) { try await sut.loadPrevious() }
    await pages.failReads(false)
    await pages.failWrites()
    await #expect(throws: NSError.self) { try await sut.loadNext() }

    #expect(await sut.current.items == held.items)
    #expect(await sut.current.startIndex == held.startIndex)
    #expect(await pages.images == Array(remote.images[0..<9]))
  }

  @Test("WL-11 cancelling a load leaves the window as it was; a page the store kept is not requested again")
  func cancel() async throws {
    let loads = PendingLoads<[FeedImage]>()
    let images = (0..<6).map { _ in uniqueImage() }
    let pages = PageListCache()
    let sut = FeedWindow(capacity: 6, pageLimit: 3, pages: pages) { _ in try await loads.load(nil) }
    let task = Task { try await sut.loadNext() }
    try await loads.waitForRequests(count: 1)

    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(await sut.current.items.isEmpty)
    #expect(await pages.images.isEmpty)
    _ = try await pages.append(Array(images[0..<3]))
    #expect(try await sut.loadNext().items == Array(images[0..<3]))
    #expect(loads.requests.count == 1)
  }

  @Test("WL-12 operations run one at a time, in call order: concurrent loads deliver consecutive pages")
  func serialOperations() async throws {
    let (sut, remote, _) = makeWindow(count: 30, capacity: 30)

    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<10 { group.addTask { _ = try await sut.loadNext() } }
      try await group.waitForAll()
    }

    #expect(await sut.current.items == remote.images)
    #expect(Set(remote.requestedAfter.map { $0?.uuidString ?? "" }).count == 10)
  }

  @Test("WL-13 a server ignoring the cursor: the rows it sends again are not shown again, and the list ends")
  func serverIgnoringCursor() async throws {
    let (sut, remote, _) = makeWindow(count: 9, capacity: 9)
    remote.ignoreCursor()

    let first = try await sut.loadNext()
    let second = try await next(first)

    #expect(second.items == Array(remote.images[0..<3]))
    #expect(second.loadMore == nil)
    #expect(await sut.statistics.rowsFetchedAgain == 3)
  }

  @Test("WL-14 reload starts again from the remote's first page, replacing the page cache; offline, the cached one")
  func reload() async throws {
    let (sut, remote, pages) = makeWindow(count: 9, capacity: 6)
    var window = try await sut.loadNext()
    for _ in 0..<2 { window = try await next(window) }

    let reloaded = try await sut.reload()
    #expect(reloaded.items == Array(remote.images[0..<3]))
    #expect(reloaded.startIndex == 0)
    #expect(await pages.images == Array(remote.images[0..<3]))

    let again = try await next(next(next(reloaded)))
    #expect(again.loadMore == nil)
    #expect(try await sut.reload().loadMore != nil, "a reload after the end offers more again")

    remote.failNext(with: anyNSError())
    let offline = try await sut.reload()
    #expect(offline.items == Array(remote.images[0..<3]))
    await pages.removeAll()
    remote.failNext(with: anyNSError())
    await #expect(throws: NSError.self) { try await sut.reload() }
  }

  @Test("WL-15 a page cache that lost the images before the window: a clear error, and the window stays")
  func earlierImagesMissing() async throws {
    let (sut, _, pages) = makeWindow(count: 12, capacity: 6)
    var window = try await sut.loadNext()
    for _ in 0..<2 { window = try await next(window) }
    await pages.removeAll()

    await #expect(throws: FeedWindow.Error.earlierImagesMissing) { try await sut.loadPrevious() }
    #expect(await sut.current.items == window.items)
  }

  @Test("WL-22 a reload whose page store write fails delivers the error, and the window and the store stay")
  func reloadWriteFails() async throws {
    let (sut, remote, pages) = makeWindow(count: 9, capacity: 6)
    let first = try await sut.loadNext()
    let held = try await next(first)
    await pages.failWrites()

    await #expect(throws: NSError.self) { try await sut.reload() }

    #expect(await sut.current.items == held.items)
    #expect(await pages.images == Array(remote.images[0..<6]))
  }

  @Test("WL-23 a remote page larger than a page: the window takes a page, and the rest comes from the page store")
  func largeRemotePage() async throws {
    let remote = RemoteList(count: 20, pageLimit: 10)
    let pages = PageListCache()
    let sut = FeedWindow(capacity: 6, pageLimit: 3, pages: pages, remote: remote.load)

    var window = try await sut.loadNext()
    #expect(window.items == Array(remote.images[0..<3]))
    for _ in 0..<3 { window = try await next(window) }

    #expect(window.items == Array(remote.images[4..<10]))
    #expect(window.startIndex == 4)
    #expect(remote.requestedAfter.count == 1, "the rest of the remote's page was read from the page store")
  }

  @Test("WL-26 a move cancelled while it waits for an earlier one ends at once; the earlier one goes on")
  func cancelWhileWaiting() async throws {
    let changes = StateChanges()
    let loads = PendingLoads<[FeedImage]>(changes: changes)
    let images = (0..<3).map { _ in uniqueImage() }
    let sut = FeedWindow(capacity: 6, pageLimit: 3, pages: PageListCache()) { _ in try await loads.load(nil) }
    sut.queue.observe(changes.changed)
    let stuck = Task { try await sut.loadNext() }
    try await loads.waitForRequests(count: 1)
    let waiting = Task { try await sut.loadNext() }
    try await changes.wait(for: "the second move to wait for the first") { sut.queue.waitingCount == 1 }

    waiting.cancel()

    await #expect(throws: CancellationError.self) { try await waiting.value }
    try await loads.complete(0, with: .success(images))
    #expect(try await stuck.value.items == images)
    #expect(loads.requests.count == 1)
  }

  @Test(
    "WL-27 a page another instance appended while this one fetched it is read from the page store, not taken for the end"
  )
  func pageAppendedByAnotherInstance() async throws {
    let remote = RemoteList(count: 9, pageLimit: 3)
    let pages = RacingPageCache()
    let sut = FeedWindow(capacity: 9, pageLimit: 3, pages: pages, remote: remote.load)
    _ = try await sut.loadNext()

    await pages.raceNextAppend()  // the other instance appends the same page first: this append adds nothing
    let window = try await sut.loadNext()

    #expect(window.items == Array(remote.images[0..<6]))
    #expect(window.loadMore != nil, "the list did not end: the remote sent a page")
    #expect(try await sut.loadNext().items == remote.images)
  }
}

/// A page store shared with another instance, which appends a page just before this one does.
actor RacingPageCache: FeedPageCache {
  private let inner = PageListCache()
  private var racing = false

  func raceNextAppend() { racing = true }

  func page(after last: FeedImage?, limit: Int) async throws -> [FeedImage] {
    try await inner.page(after: last, limit: limit)
  }
  func page(before first: FeedImage, limit: Int) async throws -> [FeedImage] {
    try await inner.page(before: first, limit: limit)
  }
  func replace(with images: [FeedImage]) async throws -> [FeedImage] { try await inner.replace(with: images) }

  func append(_ images: [FeedImage]) async throws -> [FeedImage] {
    if racing {
      racing = false
      _ = try await inner.append(images)  // the other instance's append
    }
    return try await inner.append(images)
  }
}
