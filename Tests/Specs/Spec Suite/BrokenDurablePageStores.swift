import EssentialFeedCache
import EssentialFeedSpecs
import Foundation

/// A page store whose instances share one in-memory store, their "disk", with one persistence or failure bug: the
/// bug per spec of `PersistentFeedPageStoreSpec` and `FailableFeedPageStoreSpec`.
actor BrokenDurablePageStore: FeedPageStore {
  enum Bug: Sendable {
    case nothingShared, replaceStaysLocal, readsSwallowFailure, writesThenFail
  }

  struct Failure: Error {}

  private let bug: Bug
  private let disk: InMemoryFeedStore
  private let local = InMemoryFeedStore()

  init(_ bug: Bug, disk: InMemoryFeedStore) {
    self.bug = bug
    self.disk = disk
  }

  /// Where this instance reads and writes: its own memory when nothing is shared, or once it replaced locally.
  private var store: InMemoryFeedStore {
    get async { bug == .nothingShared || replacedLocally ? local : disk }
  }
  private var replacedLocally = false

  func retrievePage(after id: UUID?, limit: Int) async throws -> [LocalFeedImage] {
    await store.retrievePage(after: id, limit: limit)  // a "corrupt disk" whose failure this store hides
  }

  func retrievePage(before id: UUID, limit: Int) async throws -> [LocalFeedImage] {
    await store.retrievePage(before: id, limit: limit)
  }

  func appendPage(_ images: [LocalFeedImage]) async throws -> [LocalFeedImage] {
    let appended = await store.appendPage(images)
    if bug == .writesThenFail { throw Failure() }  // the write "failed" after it was made
    return appended
  }

  func replacePages(with images: [LocalFeedImage]) async throws -> [LocalFeedImage] {
    if bug == .replaceStaysLocal { replacedLocally = true }
    let kept = await store.replacePages(with: images)
    if bug == .writesThenFail { throw Failure() }
    return kept
  }

  func pageImageCount() async throws -> Int {
    await store.pageImageCount()
  }

  func deletePages() async throws {
    await store.deletePages()
  }
}

extension PersistentFeedPageStoreSpec {
  /// The bug this spec must catch, and a piece of the failure it must report.
  var broken: (bug: BrokenDurablePageStore.Bug, expected: String) {
    switch self {
    case .secondInstanceReadsTheList: (.nothingShared, "first page: count differs: got 0 images, expected 5")
    case .changesSeenAcrossInstances: (.replaceStaysLocal, "the list after replace: image 0: id differs")
    case .generatedHistoriesMatchTheModel: (.replaceStaysLocal, "FPP-3 generated history")
    case .damagedFilesAreErrors: (.nothingShared, "FPP-4")  // needs real files: run through expectDamageCaught
    }
  }
}

extension FailableFeedPageStoreSpec {
  /// The bug this spec must catch, and a piece of the failure it must report.
  var broken: (bug: BrokenDurablePageStore.Bug, expected: String) {
    switch self {
    case .readsDeliverErrorOnFailure: (.readsSwallowFailure, "read of the first page of a corrupt list: succeeded")
    case .writesDeliverErrorWithoutSideEffects:
      (.writesThenFail, "failed append, against the list before it: count differs: got 3")
    }
  }
}
