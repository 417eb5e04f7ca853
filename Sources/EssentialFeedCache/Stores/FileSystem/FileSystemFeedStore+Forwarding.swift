import EssentialFeed
import Foundation

extension FileSystemFeedStore {
  /// See ``FileSystemImageDataStore/insert(_:for:)``.
  public func insert(_ data: Data, for url: URL) throws(FileFeedStoreError) {
    try images.onSharedExecutor((data, url)) { store, insert throws(FileFeedStoreError) in
      try store.insert(insert.0, for: insert.1)
    }
  }

  /// See ``FileSystemImageDataStore/retrieve(dataForURL:)``.
  public func retrieve(dataForURL url: URL) throws(FileFeedStoreError) -> Data? {
    try images.onSharedExecutor(url) { store, url throws(FileFeedStoreError) in try store.retrieve(dataForURL: url) }
  }

  /// See ``FileSystemImageDataStore/storedImageDataSize()``.
  public func storedImageDataSize() throws(FileFeedStoreError) -> Int {
    try images.onSharedExecutor { store throws(FileFeedStoreError) in try store.storedImageDataSize() }
  }

  /// See ``FileSystemImageDataStore/deleteAllImageData()``.
  public func deleteAllImageData() throws(FileFeedStoreError) {
    try images.onSharedExecutor { store throws(FileFeedStoreError) in try store.deleteAllImageData() }
  }

  /// See ``FileSystemImageDataStore/flush()``.
  public func flush() throws(FileFeedStoreError) {
    try images.onSharedExecutor { store throws(FileFeedStoreError) in try store.flush() }
  }
}

extension FileSystemFeedStore: FeedSearchStore {
  /// See ``FileSystemSearchStore/retrieveSearch()``.
  public func retrieveSearch() throws(FileFeedStoreError) -> CachedSearch? {
    try search.onSharedExecutor { store throws(FileFeedStoreError) in try store.retrieveSearch() }
  }

  /// See ``FileSystemSearchStore/replaceSearch(with:for:timestamp:)``.
  public func replaceSearch(
    with results: [LocalFeedImage], for keyword: String, timestamp: Date
  ) throws(FileFeedStoreError) {
    try search.onSharedExecutor((results, keyword, timestamp)) { store, replace throws(FileFeedStoreError) in
      try store.replaceSearch(with: replace.0, for: replace.1, timestamp: replace.2)
    }
  }

  /// See ``FileSystemSearchStore/appendToSearch(_:for:)``.
  public func appendToSearch(_ results: [LocalFeedImage], for keyword: String) throws(FileFeedStoreError) {
    try search.onSharedExecutor((results, keyword)) { store, append throws(FileFeedStoreError) in
      try store.appendToSearch(append.0, for: append.1)
    }
  }

  /// See ``FileSystemSearchStore/deleteSearch()``.
  public func deleteSearch() throws(FileFeedStoreError) {
    try search.onSharedExecutor { store throws(FileFeedStoreError) in try store.deleteSearch() }
  }
}

extension FileSystemFeedStore: PendingLikeActionStore, RecoverablePendingLikeActionStore {
  /// See ``FileSystemPendingLikeStore/enqueue(_:)``.
  public func enqueue(_ action: PendingLikeAction) throws(FileFeedStoreError) {
    try likes.onSharedExecutor(action) { store, action throws(FileFeedStoreError) in try store.enqueue(action) }
  }

  /// See ``FileSystemPendingLikeStore/pendingActions()``.
  public func pendingActions() throws(FileFeedStoreError) -> [PendingLikeAction] {
    try likes.onSharedExecutor { store throws(FileFeedStoreError) in try store.pendingActions() }
  }

  /// See ``FileSystemPendingLikeStore/removeIfPending(_:)-(PendingLikeAction)``.
  @discardableResult
  public func removeIfPending(_ action: PendingLikeAction) throws(FileFeedStoreError) -> Bool {
    try likes.onSharedExecutor(action) { store, action throws(FileFeedStoreError) in try store.removeIfPending(action) }
  }

  /// See ``FileSystemPendingLikeStore/removeIfPending(_:)-([PendingLikeAction])``.
  @discardableResult
  public func removeIfPending(_ actions: [PendingLikeAction]) throws(FileFeedStoreError) -> [PendingLikeAction] {
    try likes.onSharedExecutor(actions) { store, actions throws(FileFeedStoreError) in
      try store.removeIfPending(actions)
    }
  }

  /// See ``FileSystemPendingLikeStore/recoverPendingActions()``.
  public func recoverPendingActions() throws(FileFeedStoreError) -> PendingLikeRecovery {
    try likes.onSharedExecutor { store throws(FileFeedStoreError) in try store.recoverPendingActions() }
  }
}
