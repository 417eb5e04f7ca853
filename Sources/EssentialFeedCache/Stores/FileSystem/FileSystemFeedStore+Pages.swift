import EssentialFeed
import Foundation

extension FileSystemFeedStore: FeedPageStore {
  /// See ``FileSystemPageStore/retrievePage(after:limit:)``.
  public func retrievePage(after id: UUID?, limit: Int) throws(FileFeedStoreError) -> [LocalFeedImage] {
    try pages.onSharedExecutor((id, limit)) { store, read throws(FileFeedStoreError) in
      try store.retrievePage(after: read.0, limit: read.1)
    }
  }

  /// See ``FileSystemPageStore/retrievePage(before:limit:)``.
  public func retrievePage(before id: UUID, limit: Int) throws(FileFeedStoreError) -> [LocalFeedImage] {
    try pages.onSharedExecutor((id, limit)) { store, read throws(FileFeedStoreError) in
      try store.retrievePage(before: read.0, limit: read.1)
    }
  }

  /// See ``FileSystemPageStore/retrieveFeedPage(after:limit:)``.
  public func retrieveFeedPage(after id: UUID?, limit: Int) throws(FileFeedStoreError) -> [FeedImage] {
    try pages.onSharedExecutor((id, limit)) { store, read throws(FileFeedStoreError) in
      try store.retrieveFeedPage(after: read.0, limit: read.1)
    }
  }

  /// See ``FileSystemPageStore/retrieveFeedPage(before:limit:)``.
  public func retrieveFeedPage(before id: UUID, limit: Int) throws(FileFeedStoreError) -> [FeedImage] {
    try pages.onSharedExecutor((id, limit)) { store, read throws(FileFeedStoreError) in
      try store.retrieveFeedPage(before: read.0, limit: read.1)
    }
  }

  /// See ``FileSystemPageStore/appendPage(_:)``.
  public func appendPage(_ images: [LocalFeedImage]) throws(FileFeedStoreError) -> [LocalFeedImage] {
    try pages.onSharedExecutor(images) { store, images throws(FileFeedStoreError) in try store.appendPage(images) }
  }

  /// See ``FileSystemPageStore/replacePages(with:)``.
  public func replacePages(with images: [LocalFeedImage]) throws(FileFeedStoreError) -> [LocalFeedImage] {
    try pages.onSharedExecutor(images) { store, images throws(FileFeedStoreError) in
      try store.replacePages(with: images)
    }
  }

  /// See ``FileSystemPageStore/pageImageCount()``.
  public func pageImageCount() throws(FileFeedStoreError) -> Int {
    try pages.onSharedExecutor { store throws(FileFeedStoreError) in try store.pageImageCount() }
  }

  /// See ``FileSystemPageStore/deletePages()``.
  public func deletePages() throws(FileFeedStoreError) {
    try pages.onSharedExecutor { store throws(FileFeedStoreError) in try store.deletePages() }
  }
}
