import Foundation

extension FileSystemFeedStore {
  /// The bytes of image data stored, as the index counts them.
  ///
  /// - Throws: ``FileFeedStoreError/invalidLocation(_:)``.
  public func storedImageDataSize() throws(FileFeedStoreError) -> Int {
    try imagesLocked(creating: false) { () throws(FileFeedStoreError) -> Int in
      let index = takeIndex()
      defer { imageIndex = index }
      return index.entries.total
    }
  }

  /// Deletes every image's data and the index: how an app clears its image cache. The feed is kept.
  ///
  /// - Throws: ``FileFeedStoreError/deletionFailed(path:reason:)``; ``FileFeedStoreError/invalidLocation(_:)``.
  public func deleteAllImageData() throws(FileFeedStoreError) {
    try imagesLocked(creating: false) { () throws(FileFeedStoreError) in try deleteAllImageDataLocked() }
  }

  private func deleteAllImageDataLocked() throws(FileFeedStoreError) {
    imagesDirectoryExists = false
    for path in [imagesPath, indexLocation.journal] {
      do {
        try AtomicFile.removeItem(path)
      } catch {
        imageIndex = nil  // Whatever is left is indexed again from the files on the next insert.
        throw .deletionFailed(path: path, reason: error.reason)
      }
    }
    imageIndex = ImageIndex()
    pendingRecords = []
    knownJournal = nil
  }

  /// Saves the order of use that reads recorded since the last write, appending it to the index's journal; does
  /// nothing when there is none. Releasing the store does not save it (no I/O in `deinit`): call it before.
  ///
  /// - Throws: ``FileFeedStoreError/insertionFailed(path:reason:)`` when the journal cannot be written; the reads stay
  ///   pending for the next write.
  public func flush() throws(FileFeedStoreError) {
    guard !pendingRecords.isEmpty else { return }
    try imagesLocked(creating: false) { () throws(FileFeedStoreError) in
      do throws(JournalError) {
        var index = takeIndex()
        defer { imageIndex = index }
        try appendToJournal([], index: &index)
      } catch {
        throw .insertionFailed(path: error.path, reason: error.reason)
      }
    }
  }

  /// Why the index's journal or the images' directory could not be written.
  struct JournalError: Error {
    let path: String
    let reason: String
  }

  /// The index, loaded on first use with the lookups recorded before it applied, taken out of the store so that
  /// changing it copies nothing; the caller puts it back.
  func takeIndex() -> ImageIndex {
    let index =
      imageIndex
      ?? {
        knownJournal = currentJournal()
        var loaded = ImageIndex.load(indexLocation)
        for record in pendingRecords { loaded.apply(record) }
        return loaded
      }()
    imageIndex = nil
    return index
  }

  /// Appends the pending lookups' records and `records` to the journal; a journal that must be rewritten whole is
  /// rewritten first.
  func appendToJournal(_ records: [ImageIndexJournal.Record], index: inout ImageIndex) throws(JournalError) {
    if index.needsRewrite {
      compactJournalIfNeeded(&index)
      guard !index.needsRewrite else {
        throw JournalError(path: indexLocation.journal, reason: "the image index could not be written")
      }
    }
    var all = pendingRecords + records
    do {
      do {
        try ImageIndexJournal.append(all, to: indexLocation.journal)
      } catch  where error.code == ENOENT {
        index.needsRewrite = true  // Removed behind the store's back: start it again, whole.
        compactJournalIfNeeded(&index)  // It holds the pending records' effect.
        all = records
        try ImageIndexJournal.append(all, to: indexLocation.journal)
      }
    } catch {
      if pendingRecords.count > 1_000 {  // The journal keeps failing: rewrite it whole when it works again.
        pendingRecords = []
        index.needsRewrite = true
      }
      throw JournalError(path: indexLocation.journal, reason: error.reason)
    }
    pendingRecords = []
    index.appended(all.count)
    knownJournal = currentJournal()
  }

  /// Records a lookup's use or removal: in the index, if loaded, and in the journal with the next write, or now when
  /// 1,000 are waiting.
  func record(_ record: ImageIndexJournal.Record) {
    imageIndex?.apply(record)
    pendingRecords.append(record)
    guard pendingRecords.count >= 1_000 else { return }
    try? imagesLocked(creating: false) { () throws(FileFeedStoreError) in
      if var index = imageIndex {
        imageIndex = nil
        try? appendToJournal([], index: &index)
        imageIndex = index
      } else {
        try? ImageIndexJournal.append(pendingRecords, to: indexLocation.journal)
        pendingRecords = []  // Not written: only uses are lost, and removals the next load finds anyway.
      }
    }
  }

  /// Rewrites the journal with the live entries alone when it has grown enough, or must be rewritten.
  func compactJournalIfNeeded(_ index: inout ImageIndex) {
    guard index.shouldCompact else { return }
    let journal = indexLocation.journal
    do {
      do {
        try writer.write(index.compacted(), to: journal)
      } catch {
        var info = stat()  // Something else in the journal's place (a directory): remove it, and try once more.
        guard lstat(journal, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG else { throw error }
        try AtomicFile.removeItem(journal)
        try writer.write(index.compacted(), to: journal)
      }
      index.rewritten()
      pendingRecords = []
      knownJournal = currentJournal()
    } catch {
      index.needsRewrite = true
    }
  }
}
