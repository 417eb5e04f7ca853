import BenchmarkTwins
import EssentialFeed
import EssentialFeedCache
import Foundation

extension Pair {
  /// The image cache with a byte limit: inserts of 1 KB past the limit, each evicting the least recently used,
  /// against a dictionary, an insertion-order queue and a byte count by hand.
  static let limitedImageCache = Pair(name: "limited image cache", goal: 1.5, sizes: [100, 1_000, 10_000]) { size in
    let urls = Payloads.images(size).map(\.url)
    let data = Data(repeating: 7, count: 1_024)
    let limit = 64 * 1_024
    return Sides(
      ours: {
        let store = InMemoryFeedStore(imageLimits: ImageCacheLimits(maximumBytes: limit))
        let cache = LocalFeedImageDataLoader(store: store)
        for url in urls { try await cache.save(data, for: url) }
      },
      raw: {
        var stored: [URL: Data] = [:]
        var order: [URL] = []
        var head = 0
        var total = 0
        for url in urls {
          stored[url] = data
          order.append(url)
          total += data.count
          while total > limit, head < order.count {
            total -= stored.removeValue(forKey: order[head])?.count ?? 0
            head += 1
          }
        }
        keep(stored)
      })
  }

  /// The windowed list's page reads: every page of 30 after the last, from the page store, against an array and an
  /// index by id.
  static let windowPageReads = Pair(
    name: "window page reads", goal: 2.0, sizes: [300, 3_000, 30_000]
  ) { size in
    let all = Payloads.images(size)
    let pages = LocalFeedPageLoader(store: InMemoryFeedStore())
    _ = try await pages.append(all)
    let index = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.id, $0) })
    return Sides(
      ours: {
        var last: FeedImage?
        while true {
          let page = try await pages.page(after: last, limit: 30)
          guard let tail = page.last else { break }
          last = tail
        }
      },
      raw: {
        var last: UUID?
        while true {
          let start = last.flatMap { index[$0] }.map { $0 + 1 } ?? 0
          let page = Array(all[min(start, all.count)..<min(all.count, start + 30)])
          guard let tail = page.last else { break }
          last = tail.id
        }
      })
  }
}
