import Foundation

/// The image store's upkeep: measuring and clearing the cache, saving the order of use.
extension FileSystemImageDataStore {
  /// The bytes of image data stored, as the index counts them.
  ///
  /// - Throws: ``FileFeedStoreError/invalidLocation(_:)``.
  public func storedImageDataSize() throws(FileFeedStoreError) -> Int {
    try indexFile.locked(creating: false) { () throws(FileFeedStoreError) -> Int in
      let index = indexFile.take()
      defer { indexFile.loaded = index }
      return index.entries.total
    }
  }

  /// Deletes every image's data and the index: how an app clears its image cache. The feed, the search and pending
  /// likes are other stores' and are kept.
  ///
  /// - Throws: ``FileFeedStoreError/deletionFailed(path:reason:)``; ``FileFeedStoreError/invalidLocation(_:)``.
  public func deleteAllImageData() throws(FileFeedStoreError) {
    try indexFile.locked(creating: false) { () throws(FileFeedStoreError) in try deleteAllImageDataLocked() }
  }

  private func deleteAllImageDataLocked() throws(FileFeedStoreError) {
    imagesDirectoryExists = false
    for path in [imagesPath, indexFile.location.journal] {
      do {
        try AtomicFile.removeItem(path)
      } catch {
        indexFile.loaded = nil  // Whatever is left is indexed again from the files on the next insert.
        throw .deletionFailed(path: path, reason: error.reason)
      }
    }
    indexFile.reset()
  }

  /// Closes the index's lock file, if open; the next operation opens it again. Call ``flush()`` first to save the
  /// order of use that reads recorded: closing writes nothing.
  public func close() {
    indexFile.closeLock()
  }

  /// Saves the order of use that reads recorded since the last write, appending it to the index's journal; does
  /// nothing when there is none. Releasing the store does not save it (no I/O in `deinit`): call it before.
  ///
  /// - Throws: ``FileFeedStoreError/insertionFailed(path:reason:)`` when the journal cannot be written; the reads stay
  ///   pending for the next write.
  public func flush() throws(FileFeedStoreError) {
    guard !indexFile.pendingRecords.isEmpty else { return }
    try indexFile.locked(creating: false) { () throws(FileFeedStoreError) in
      do throws(ImageIndexFile.JournalError) {
        var index = indexFile.take()
        defer { indexFile.loaded = index }
        try indexFile.append([], to: &index)
      } catch {
        throw .insertionFailed(path: error.path, reason: error.reason)
      }
    }
  }
}
