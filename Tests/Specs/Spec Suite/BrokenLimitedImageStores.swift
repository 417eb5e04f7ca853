import EssentialFeedCache
import EssentialFeedSpecs
import Foundation

/// An image data store with limits and one bug, chosen per spec of `LimitedFeedImageDataStoreSpec`.
actor BrokenLimitedImageStore: LimitedFeedImageDataStore {
  enum Bug: Sendable {
    case evictsNewestFirst, readIsNotAUse, expiresAfterMaximumAge, storesOversized, replaceKeepsOldSize
    case deleteAllKeepsTotal, tornInsert, limitIsExclusive, zeroIsUnlimited
  }

  private let bug: Bug
  private let limits: ImageCacheLimits
  private let currentDate: @Sendable () -> Date
  private var entries: [(key: String, data: Data, stored: Date)] = []  // least recently used first
  private var total = 0

  init(_ bug: Bug, limits: ImageCacheLimits, currentDate: @escaping @Sendable () -> Date) {
    self.bug = bug
    self.limits =
      bug == .zeroIsUnlimited && limits.maximumBytes == 0 ? ImageCacheLimits(maximumBytes: .max) : limits
    self.currentDate = currentDate
  }

  func insert(_ data: Data, for url: URL) async throws {
    let tooLarge = bug == .limitIsExclusive ? data.count >= limits.maximumBytes : data.count > limits.maximumBytes
    if tooLarge, bug != .storesOversized {
      throw ImageTooLargeError(size: data.count, limit: limits.maximumBytes)
    }
    if bug == .tornInsert { try? await Task.sleep(for: .milliseconds(1)) }  // other inserts run here
    if let index = entries.firstIndex(where: { $0.key == url.absoluteString }) {
      let old = entries.remove(at: index)
      if bug != .replaceKeepsOldSize { total -= old.data.count }
    }
    entries.append((url.absoluteString, data, currentDate()))
    total += data.count
    while total > limits.maximumBytes, !entries.isEmpty {
      if bug == .tornInsert { return }  // the check ran before the others' inserts: it no longer holds
      let evicted =
        bug == .evictsNewestFirst && entries.count > 1 ? entries.remove(at: entries.count - 2) : entries.removeFirst()
      total -= evicted.data.count
    }
  }

  func retrieve(dataForURL url: URL) -> Data? {
    guard let index = entries.firstIndex(where: { $0.key == url.absoluteString }) else { return nil }
    let age = currentDate().timeIntervalSince(entries[index].stored)
    if bug == .expiresAfterMaximumAge ? age > limits.maximumAge : age >= limits.maximumAge {
      total -= entries.remove(at: index).data.count
      return nil
    }
    if bug != .readIsNotAUse { entries.append(entries.remove(at: index)) }
    return entries.last { $0.key == url.absoluteString }?.data
  }

  func storedImageDataSize() -> Int {
    total
  }

  func deleteAllImageData() {
    entries = []
    if bug != .deleteAllKeepsTotal { total = 0 }
  }
}

extension LimitedFeedImageDataStoreSpec {
  /// The broken store this spec must fail, and a piece of the failure it must report.
  var broken: (bug: BrokenLimitedImageStore.Bug, expected: String) {
    switch self {
    case .randomWorkloadMatchesModel: (.evictsNewestFirst, " at step ")
    case .leastRecentlyUsedGoesFirst: (.readIsNotAUse, "an insert over the limit: a.png is a miss")
    case .expiresAtExactlyMaximumAge: (.expiresAfterMaximumAge, "at exactly the maximum age: a.png is a hit")
    case .oversizedImageIsRejected: (.storesOversized, "succeeded")
    case .replacingCountsNewSize: (.replaceKeepsOldSize, "after replacing 600 bytes with 300")
    case .deleteAllEmpties: (.deleteAllKeepsTotal, "after deleting all: total 600 bytes, expected 0")
    case .concurrentInsertsStayWithinLimit: (.tornInsert, "after 16 concurrent inserts")
    case .boundariesOfTheLimit: (.limitIsExclusive, "insert of exactly the 1,000-byte limit: got ")
    case .zeroLimitKeepsOnlyEmptyImages: (.zeroIsUnlimited, "insert of 1 byte under a limit of 0: succeeded")
    case .generatedHistoriesMatchTheModel: (.readIsNotAUse, "ICL-29 generated history")
    case .deleteAllOfANewCacheSucceeds:
      (.readIsNotAUse, "deleting all image data of a cache never written: got an error")
    }
  }
}
