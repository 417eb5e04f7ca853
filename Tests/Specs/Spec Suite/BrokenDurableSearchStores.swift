import EssentialFeedCache
import EssentialFeedSpecs
import Foundation
import Synchronization

/// What several instances of a pretend-persistent search store share: their "disk".
final class SharedSearchDisk: Sendable {
  let search = Mutex<CachedSearch?>(nil)
}

/// A search store over a shared disk, with one persistence or failure bug.
actor BrokenDurableSearchStore: FeedSearchStore {
  enum Bug: Sendable {
    case nothingShared, appendStaysLocal, deleteStaysLocal
    case retrieveSwallowsErrors, replaceIgnoresFailure, deleteIgnoresFailure
  }

  struct Failure: Error {}

  private let disk: SharedSearchDisk
  private let bug: Bug
  private var local: CachedSearch??

  init(_ bug: Bug, disk: SharedSearchDisk) {
    self.bug = bug
    self.disk = disk
  }

  func retrieveSearch() throws -> CachedSearch? {
    if bug == .retrieveSwallowsErrors { return nil }  // the disk is "corrupt": this store hides it
    if let local { return local }
    return disk.search.withLock { $0 }
  }

  func replaceSearch(with results: [LocalFeedImage], for keyword: String, timestamp: Date) throws {
    if bug == .replaceIgnoresFailure { return }  // the write "failed": this store says nothing
    let search = CachedSearch(keyword: keyword, results: results, timestamp: timestamp)
    if bug == .nothingShared { local = .some(search) } else { disk.search.withLock { $0 = search } }
  }

  func appendToSearch(_ results: [LocalFeedImage], for keyword: String) throws {
    guard let kept = try retrieveSearch(), kept.keyword == keyword else { return }
    let longer = CachedSearch(keyword: keyword, results: kept.results + results, timestamp: kept.timestamp)
    if bug == .appendStaysLocal { local = .some(longer) } else { disk.search.withLock { $0 = longer } }
  }

  func deleteSearch() throws {
    switch bug {
    case .deleteIgnoresFailure: return
    case .deleteStaysLocal: local = .some(nil)
    default: disk.search.withLock { $0 = nil }
    }
  }
}

extension PersistentFeedSearchStoreSpec {
  /// The bug this spec must catch, and a piece of the failure it must report.
  var broken: (bug: BrokenDurableSearchStore.Bug, expected: String) {
    switch self {
    case .secondInstanceSeesSearch: (.nothingShared, "second instance's retrieve: got an empty search")
    case .appendSeenAcrossInstances: (.appendStaysLocal, "third instance's retrieve after an append: count differs")
    case .deleteEmptiesAcrossInstances: (.deleteStaysLocal, "third instance's retrieve after a delete: got")
    case .generatedHistoriesMatchTheModel: (.appendStaysLocal, "SRP-4 generated history")
    case .damagedFilesAreErrors: (.nothingShared, "SRP-5")  // needs real files: run through expectDamageCaught
    }
  }
}

extension FailableFeedSearchStoreSpec {
  /// The bug this spec must catch, and a piece of the failure it must report.
  var broken: (bug: BrokenDurableSearchStore.Bug, expected: String) {
    switch self {
    case .retrieveDeliversErrorOnFailure: (.retrieveSwallowsErrors, "retrieve of a corrupt search: succeeded")
    case .replaceDeliversErrorWithoutSideEffects: (.replaceIgnoresFailure, "nothing can be written: succeeded")
    case .deleteDeliversErrorOnFailure: (.deleteIgnoresFailure, "nothing can be deleted: succeeded")
    }
  }
}
