import Foundation

/// The index of a ``FileSystemImageDataStore``'s images and what keeps it: `images.index` (an `ImageIndexJournal`),
/// the index loaded on the first operation that needs it, lookups' records the next write appends, `images.lock`.
///
/// Two instances (or processes) on one directory: every change runs holding `images.lock`, reading the index again
/// first when another writer changed its journal since. Owned by one store, used on its executor only.
final class ImageIndexFile {
  /// Where the journal and the image files are.
  let location: ImageIndex.Location
  private let directory: FileSystemStoreDirectory
  /// `images.lock`, held by every change to the index.
  private let lock: DirectoryLock
  /// The index, once an operation has needed it (taken out by `take()` while a change edits it).
  var loaded: ImageIndex?
  /// Records of lookups (uses, expired images removed) not in the journal yet: the next write appends them.
  var pendingRecords: [ImageIndexJournal.Record] = []
  /// The journal as this instance last read or wrote it.
  private var knownJournal: JournalIdentity?

  /// The index of the images in `directory`'s `images` folder; nothing is read until an operation needs it.
  init(directory: FileSystemStoreDirectory) {
    self.directory = directory
    location = ImageIndex.Location(
      journal: directory.file("images.index"), images: directory.file("images"),
      maximumFileSize: directory.maximumFileSize)
    lock = DirectoryLock("images.lock", in: directory)
  }

  /// Closes `images.lock`, if open; the next change opens it again.
  func closeLock() { lock.closeFile() }

  /// Runs `body` holding `images.lock`, with the index read again if another writer changed it.
  ///
  /// - Parameters:
  ///   - creating: Whether to create the store's directory for the lock (an insert); otherwise a store with no
  ///     directory, or one it may not write (read-only), runs `body` unlocked: there is nothing it could change. A
  ///     directory without the lock file (written before it existed) gets one.
  func locked<T>(creating: Bool, _ body: () throws(FileFeedStoreError) -> T) throws(FileFeedStoreError) -> T {
    try lock.holding(creating: creating) { () throws(FileFeedStoreError) -> T in
      if loaded != nil, knownJournal != currentJournal() {
        loaded = nil  // Another writer changed it: the next look loads it again, with this one's pending uses.
      }
      return try body()
    }
  }

  /// The journal's identity on disk now, or `nil` when there is none.
  private func currentJournal() -> JournalIdentity? {
    var info = stat()
    guard stat(location.journal, &info) == 0 else { return nil }
    #if os(Linux)
      let changed = (Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec))
    #else
      let changed = (Int(info.st_ctimespec.tv_sec), Int(info.st_ctimespec.tv_nsec))
    #endif
    return JournalIdentity(inode: UInt64(info.st_ino), size: Int64(info.st_size), changed: changed)
  }

  /// The index, loaded on first use with the lookups recorded before it applied, taken out so that changing it
  /// copies nothing; the caller puts it back in `loaded`.
  func take() -> ImageIndex {
    let index =
      loaded
      ?? {
        knownJournal = currentJournal()
        var loaded = ImageIndex.load(location)
        for record in pendingRecords { loaded.apply(record) }
        return loaded
      }()
    loaded = nil
    return index
  }

  /// Forgets the index after every image and the journal were deleted: an empty index, nothing pending.
  func reset() {
    loaded = ImageIndex()
    pendingRecords = []
    knownJournal = nil
  }

  /// Appends the pending lookups' records and `records` to the journal, rewritten whole first when it must be.
  func append(_ records: [ImageIndexJournal.Record], to index: inout ImageIndex) throws(JournalError) {
    if index.needsRewrite {
      compactIfNeeded(&index)
      guard !index.needsRewrite else {
        throw JournalError(path: location.journal, reason: "the image index could not be written")
      }
    }
    var all = pendingRecords + records
    do {
      do {
        try ImageIndexJournal.append(all, to: location.journal)
      } catch  where error.code == ENOENT {
        index.needsRewrite = true  // Removed behind the store's back: start it again, whole.
        compactIfNeeded(&index)  // It holds the pending records' effect.
        all = records
        try ImageIndexJournal.append(all, to: location.journal)
      }
    } catch {
      if pendingRecords.count > 1_000 {  // The journal keeps failing: rewrite it whole when it works again.
        pendingRecords = []
        index.needsRewrite = true
      }
      throw JournalError(path: location.journal, reason: error.reason)
    }
    pendingRecords = []
    index.appended(all.count)
    knownJournal = currentJournal()
  }

  /// Records a lookup's use or removal: in the index, if loaded, and in the journal with the next write, or now when
  /// 1,000 are waiting.
  func record(_ record: ImageIndexJournal.Record) {
    loaded?.apply(record)
    pendingRecords.append(record)
    guard pendingRecords.count >= 1_000 else { return }
    try? locked(creating: false) { () throws(FileFeedStoreError) in
      if var index = loaded {
        loaded = nil
        try? append([], to: &index)
        loaded = index
      } else {
        try? ImageIndexJournal.append(pendingRecords, to: location.journal)
        pendingRecords = []  // Not written: only uses are lost, and removals the next load finds anyway.
      }
    }
  }

  /// Rewrites the journal with the live entries alone when it has grown enough, or must be rewritten.
  func compactIfNeeded(_ index: inout ImageIndex) {
    guard index.shouldCompact else { return }
    let journal = location.journal
    do {
      do {
        try directory.write(index.compacted(), to: journal)
      } catch {
        var info = stat()  // Something else in the journal's place (a directory): remove it, and try once more.
        guard lstat(journal, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG else { throw error }
        try AtomicFile.removeItem(journal)
        try directory.write(index.compacted(), to: journal)
      }
      index.rewritten()
      pendingRecords = []
      knownJournal = currentJournal()
    } catch {
      index.needsRewrite = true
    }
  }
}
