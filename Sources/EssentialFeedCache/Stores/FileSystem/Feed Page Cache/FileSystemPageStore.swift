import EssentialFeed
import Foundation

/// The page list in a shared ``FileSystemStoreDirectory``: `pages`, a journal of pages, each append
/// one record flushed before it returns, a replace the whole file rewritten atomically and durably. Changes hold
/// `pages.lock`, so two instances (two processes) never interleave a read and the write that follows it; each reads
/// what another appended since it last looked, the new records alone, and the whole file when another replaced it.
/// A read finds its cursor through an index of ids held in memory: a page at the millionth image costs what one at
/// the first does. The directory's other files are other stores' and are never touched.
///
/// An actor on the directory's executor whose operations never suspend: each is atomic, histories are linearizable.
public actor FileSystemPageStore: FeedPageStore {
  /// The directory the page list lives in.
  public nonisolated let directory: FileSystemStoreDirectory
  /// The journal.
  let pagesPath: String
  /// `pages.lock`, held by every change.
  let lock: DirectoryLock
  /// The list as this instance last read or wrote it.
  var list = PageList()
  /// The journal the list was read from, held open (so its inode cannot come back on another file and pass for it),
  /// and its committed length; `nil` when there was none.
  var journal: (descriptor: Int32, inode: UInt64, committed: Int)?

  /// The directory's executor: this store's operations and other stores' on the directory never interleave.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { directory.unownedExecutor }

  /// Creates the page list's store in `directory`. Nothing is read or written until an operation.
  ///
  /// - Parameter directory: The directory, shared with the other stores on it.
  public init(directory: FileSystemStoreDirectory) {
    self.directory = directory
    pagesPath = directory.file("pages")
    lock = DirectoryLock("pages.lock", in: directory)
  }

  /// Closes the journal and the lock file, if open; the next operation opens them again. Every change is on disk when
  /// it returns, so closing loses nothing.
  public func close() {
    closeJournal()
    lock.closeFile()
  }

  /// Closes the journal, if open (the lock closes when released); no other I/O.
  deinit {
    if let journal { closeDescriptor(journal.descriptor) }
  }

  /// The first `limit` images after the image with `id`; from the start when `id` is `nil`.
  ///
  /// - Throws: ``FileFeedStoreError/retrievalFailed(path:reason:)``; ``FileFeedStoreError/corrupt(path:reason:)``.
  public func retrievePage(after id: UUID?, limit: Int) throws(FileFeedStoreError) -> [LocalFeedImage] {
    try currentList().page(after: id, limit: limit)
  }

  /// The `limit` images just before the image with `id`.
  ///
  /// - Throws: The errors of ``retrievePage(after:limit:)``.
  public func retrievePage(before id: UUID, limit: Int) throws(FileFeedStoreError) -> [LocalFeedImage] {
    try currentList().page(before: id, limit: limit)
  }

  /// The page after the image with `id`, as the domain's images, built from the list in memory in one copy.
  ///
  /// - Throws: The errors of ``retrievePage(after:limit:)``.
  public func retrieveFeedPage(after id: UUID?, limit: Int) throws(FileFeedStoreError) -> [FeedImage] {
    try currentList().feedPage(after: id, limit: limit)
  }

  /// The page before the image with `id`, as the domain's images, in one copy.
  ///
  /// - Throws: The errors of ``retrievePage(after:limit:)``.
  public func retrieveFeedPage(before id: UUID, limit: Int) throws(FileFeedStoreError) -> [FeedImage] {
    try currentList().feedPage(before: id, limit: limit)
  }

  /// The number of images in the list.
  ///
  /// - Throws: The errors of ``retrievePage(after:limit:)``.
  public func pageImageCount() throws(FileFeedStoreError) -> Int {
    try currentList().images.count
  }

  /// Appends the images whose id the list does not hold, as one record flushed before this returns.
  ///
  /// - Throws: ``FileFeedStoreError/insertionFailed(path:reason:)``, nothing appended (as when the journal would pass
  ///   the directory's largest file); the errors of ``retrievePage(after:limit:)``.
  public func appendPage(_ images: [LocalFeedImage]) throws(FileFeedStoreError) -> [LocalFeedImage] {
    try lock.holding { () throws(FileFeedStoreError) -> [LocalFeedImage] in
      let new = try currentList().appendable(images)
      guard !new.isEmpty else { return [] }
      try append(new)
      return new
    }
  }

  /// Replaces the list with `images`, the first of those sharing an id kept, rewriting the journal atomically.
  ///
  /// - Throws: ``FileFeedStoreError/insertionFailed(path:reason:)``, the list unchanged.
  public func replacePages(with images: [LocalFeedImage]) throws(FileFeedStoreError) -> [LocalFeedImage] {
    try lock.holding { () throws(FileFeedStoreError) -> [LocalFeedImage] in
      let kept = PageList().appendable(images)
      try rewrite(kept)
      return kept
    }
  }

  /// Deletes the list; deleting an empty list succeeds.
  ///
  /// - Throws: ``FileFeedStoreError/deletionFailed(path:reason:)``; ``FileFeedStoreError/invalidLocation(_:)``.
  public func deletePages() throws(FileFeedStoreError) {
    try lock.holding(creating: false) { () throws(FileFeedStoreError) in
      try directory.removeFile(pagesPath)
      closeJournal()
      list = PageList()
    }
  }
}
