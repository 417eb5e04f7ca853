import EssentialFeedCache
import Foundation

// One store per FeedImageDataStore spec, each wrong in the way that spec guards against.
// `FeedImageDataStoreSpec.brokenStore` pairs them with their spec.

/// IS-1: delivers empty data for a URL it has nothing for, as a placeholder would.
actor PlaceholderDataStore: FeedImageDataStore {
  private var images: [URL: Data] = [:]

  func insert(_ data: Data, for url: URL) { images[url] = data }
  func retrieve(dataForURL url: URL) -> Data? { images[url] ?? Data() }
}

/// IS-2: keys data by the URL without its query, so `?size=small` finds the data of `?size=large`.
actor QueryIgnoringImageStore: FeedImageDataStore {
  private var images: [String: Data] = [:]

  func insert(_ data: Data, for url: URL) { images[key(url)] = data }
  func retrieve(dataForURL url: URL) -> Data? { images[key(url)] }

  private func key(_ url: URL) -> String {
    String(url.absoluteString.prefix { $0 != "?" })
  }
}

/// IS-3: keeps empty data as nothing at all, as a store that skips writing empty files would.
actor EmptyDataAsMissingStore: FeedImageDataStore {
  private var images: [URL: Data] = [:]

  func insert(_ data: Data, for url: URL) { images[url] = data.isEmpty ? nil : data }
  func retrieve(dataForURL url: URL) -> Data? { images[url] }
}

/// IS-4: ignores an insert for a URL that already has data, as `INSERT OR IGNORE` would.
actor FirstInsertWinsImageStore: FeedImageDataStore {
  private var images: [URL: Data] = [:]

  func insert(_ data: Data, for url: URL) { images[url] = images[url] ?? data }
  func retrieve(dataForURL url: URL) -> Data? { images[url] }
}

/// IS-5: a retrieve removes what it returns, as a one-shot cache would.
actor EvictOnReadImageStore: FeedImageDataStore {
  private var images: [URL: Data] = [:]

  func insert(_ data: Data, for url: URL) { images[url] = data }
  func retrieve(dataForURL url: URL) -> Data? { images.removeValue(forKey: url) }
}

/// IS-6: writes data in chunks, as a stream to a file would, with a suspension after each, so a concurrent reader can
/// see the first chunks of data that was never inserted whole.
actor ChunkedWriteImageStore: FeedImageDataStore {
  private var images: [URL: Data] = [:]

  func insert(_ data: Data, for url: URL) async {
    images[url] = Data()
    for start in stride(from: 0, to: data.count, by: 8) {
      images[url]?.append(data[start..<min(start + 8, data.count)])
      await Task.yield()
    }
  }
  func retrieve(dataForURL url: URL) -> Data? { images[url] }
}
