import BenchmarkTwins
import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension Pair {
  /// Pagination: a page of the feed mapped by the strict mapper, against JSONSerialization and the fields by hand.
  static let mapping = Pair(name: "page mapping", goal: 1.3, sizes: [30, 300, 3_000]) { size in
    let data = Payloads.json(size)
    let response = HTTPURLResponse(
      url: URL(fileURLWithPath: "/"), statusCode: 200, httpVersion: nil, headerFields: nil)
    guard let response else { throw CocoaError(.coderInvalidValue) }
    return Sides(
      ours: { keep(try FeedItemsMapper.map(data, from: response)) },
      raw: {
        let root = try JSONSerialization.jsonObject(with: data) as? [String: [[String: Any]]]
        keep(
          (root?["items"] ?? []).compactMap { item -> FeedImage? in
            guard let id = (item["id"] as? String).flatMap(UUID.init(uuidString:)),
              let url = (item["image"] as? String).flatMap(URL.init(string:))
            else { return nil }
            return FeedImage(
              id: id, description: item["description"] as? String, location: item["location"] as? String, url: url)
          })
      })
  }

  /// The search cache: the last search saved and loaded again, against a dictionary by keyword.
  static let searchCache = Pair(
    name: "search cache", goal: 1.5, sizes: [100, 1_000, 10_000]
  ) { size in
    let results = Payloads.images(size)
    let now = Date()
    return Sides(
      ours: {
        let loader = LocalFeedSearchLoader(store: InMemoryFeedStore(), currentDate: { now })
        try await loader.cache(for: "harbour").save(results)
        keep(try await loader.load(keyword: "harbour"))
      },
      raw: {
        var cache: [String: (Date, [FeedImage])] = [:]
        cache["harbour"] = (now, results.map { $0 })
        keep(cache["harbour"].map(\.1))
      })
  }

  /// Pending actions: enqueued one by one, listed, then removed as the synchronizer removes its answers (in batches),
  /// against an array by hand.
  static let pendingLikes = Pair(
    name: "pending likes", goal: 1.5, sizes: [100, 1_000, 10_000]
  ) { size in
    let actions = Payloads.images(size).map { PendingLikeAction(imageID: $0.id, kind: .like, timestamp: Date()) }
    return Sides(
      ours: {
        let store: any PendingLikeActionStore = InMemoryFeedStore()  // as the synchronizer sees it
        for action in actions { try await store.enqueue(action) }
        keep(try await store.pendingActions())
        for batch in LikesFixture.batches(actions) { keep(try await store.removeIfPending(Array(batch))) }
      },
      raw: {
        var queue: [PendingLikeAction] = []
        var position: [UUID: Int] = [:]
        for action in actions {
          position[action.imageID] = queue.count
          queue.append(action)
        }
        keep(queue)
        for action in actions where position.removeValue(forKey: action.imageID) != nil { keep(action) }
        queue.removeAll()
      })
  }
}
