import EssentialFeed
import Foundation
import Synchronization

/// A server's list of `count` images that answers a page after an id with the images that follow it, and records
/// every request.
final class RemoteList: Sendable {
  let images: [FeedImage]
  private let pageLimit: Int
  private let state = Mutex<(after: [UUID?], failNext: (any Error)?, ignoresCursor: Bool)>(([], nil, false))

  init(count: Int, pageLimit: Int = 3) {
    images = (0..<count).map {
      FeedImage(id: UUID(), description: "image \($0)", location: nil, url: anyURL().appending(path: "\($0)"))
    }
    self.pageLimit = pageLimit
  }

  /// The cursor of every request, in order: `nil` for the first page.
  var requestedAfter: [UUID?] { state.withLock { $0.after } }

  /// The next request fails with `error`.
  func failNext(with error: any Error) { state.withLock { $0.failNext = error } }

  /// From now on every request answers the first page, as a server that ignores `after_id` does.
  func ignoreCursor() { state.withLock { $0.ignoresCursor = true } }

  @Sendable func load(after last: FeedImage?) async throws -> [FeedImage] {
    let (failure, ignores) = state.withLock { state in
      state.after.append(last?.id)
      defer { state.failNext = nil }
      return (state.failNext, state.ignoresCursor)
    }
    if let failure { throw failure }
    let start = ignores ? 0 : last.flatMap { last in images.firstIndex { $0.id == last.id }.map { $0 + 1 } } ?? 0
    return Array(images[start..<min(images.count, start + pageLimit)])
  }
}

/// A page cache in an array, counting reads, that fails reads or writes on demand.
actor PageListCache: FeedPageCache {
  private(set) var images: [FeedImage] = []
  private(set) var reads = 0
  var failsReads = false
  var failsWrites = false

  init(_ images: [FeedImage] = []) {
    self.images = images
  }

  func failReads(_ fails: Bool = true) { failsReads = fails }
  func failWrites(_ fails: Bool = true) { failsWrites = fails }
  func removeAll() { images = [] }

  func page(after last: FeedImage?, limit: Int) throws -> [FeedImage] {
    try read()
    guard let last else { return Array(images.prefix(limit)) }
    guard let index = images.firstIndex(where: { $0.id == last.id }) else { return [] }
    return Array(images[(index + 1)...].prefix(limit))
  }

  func page(before first: FeedImage, limit: Int) throws -> [FeedImage] {
    try read()
    guard let index = images.firstIndex(where: { $0.id == first.id }) else { return [] }
    return Array(images[..<index].suffix(limit))
  }

  func append(_ page: [FeedImage]) throws -> [FeedImage] {
    if failsWrites { throw anyNSError() }
    var seen = Set(images.map(\.id))
    let new = page.filter { seen.insert($0.id).inserted }
    images += new
    return new
  }

  func replace(with page: [FeedImage]) throws -> [FeedImage] {
    if failsWrites { throw anyNSError() }
    var seen: Set<UUID> = []
    images = page.filter { seen.insert($0.id).inserted }
    return images
  }

  private func read() throws {
    if failsReads { throw anyNSError() }
    reads += 1
  }
}

/// The next page of `window`'s list, requiring that there is one.
func next(_ window: Paginated<FeedImage>) async throws -> Paginated<FeedImage> {
  guard let loadMore = window.loadMore else { throw WindowEnded() }
  return try await loadMore()
}

struct WindowEnded: Error {}
