import Foundation
import Synchronization

/// Keeps the images loaded last, within a byte budget, so that a URL loaded already is answered from memory: one URL,
/// one download per run, even when the cache keeps nothing (its save failed, it is busy, or its limit is smaller than
/// the image).
///
/// - A load of a URL kept (compared by its whole `absoluteString`) delivers the kept data and makes it the most
///   recently used; any other load asks the decorated loader, and keeps what it delivers.
/// - At most `maximumBytes` bytes are kept: the least recently used images go first, and an image larger than the
///   budget is delivered but not kept. Failures and cancellations are not kept.
/// - Loads of a URL not kept yet are not shared here: put a ``CoalescingFeedImageDataLoader`` around it for that.
public final class RecentFeedImageDataLoader: FeedImageDataLoader {
  private struct State {
    var kept: [String: Data] = [:]
    /// The URLs kept, the least recently used first.
    var order: [String] = []
    var bytes = 0

    /// The data kept for `key`, made the most recently used.
    mutating func use(_ key: String) -> Data? {
      guard let data = kept[key] else { return nil }
      if let index = order.firstIndex(of: key) { order.remove(at: index) }
      order.append(key)
      return data
    }

    /// Keeps `data` for `key` when it fits, dropping the least recently used until the total is within `maximumBytes`.
    mutating func keep(_ data: Data, for key: String, within maximumBytes: Int) {
      guard data.count <= maximumBytes, kept[key] == nil else { return }
      kept[key] = data
      order.append(key)
      bytes += data.count
      while bytes > maximumBytes, !order.isEmpty {
        let oldest = order.removeFirst()
        bytes -= kept.removeValue(forKey: oldest)?.count ?? 0
      }
    }
  }

  /// The most bytes of images kept at once by default: 8 MiB, a few images beside the bound on requests.
  public static let defaultMaximumBytes = 8 << 20

  /// The most bytes of images kept at once.
  public let maximumBytes: Int
  private let loader: any FeedImageDataLoader
  private let state = Mutex(State())

  /// Creates a decorator over `loader` that keeps up to `maximumBytes` bytes of the images loaded last.
  ///
  /// - Parameters:
  ///   - loader: The loader asked for a URL not kept, such as the app's image loader.
  ///   - maximumBytes: The most bytes kept at once; 0 keeps nothing.
  public init(decorating loader: any FeedImageDataLoader, maximumBytes: Int = defaultMaximumBytes) {
    self.loader = loader
    self.maximumBytes = max(0, maximumBytes)
  }

  /// The data for `url`: the kept data, or the decorated loader's.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The image's data.
  /// - Throws: The decorated loader's error; `CancellationError` when the calling task is cancelled.
  public func loadImageData(from url: URL) async throws -> Data {
    let key = url.absoluteString
    if let kept = state.withLock({ state in state.use(key) }) { return kept }
    let data = try await loader.loadImageData(from: url)
    state.withLock { $0.keep(data, for: key, within: maximumBytes) }
    return data
  }

  /// The bytes kept now.
  var keptBytes: Int { state.withLock { $0.bytes } }
}
