import Foundation

/// Storing and reading an image: its file, written atomically and durably, and its record in the index.
extension FileSystemImageDataStore {
  /// Stores `data` for `url`, atomically and durably replacing what was stored for it; with limits, then removes the
  /// least recently used images until the total is within them.
  ///
  /// Anything that is not a valid image file in the URL's place (a corrupt file, a directory) is replaced, so a store
  /// with a damaged image file recovers on the next save.
  ///
  /// - Parameters:
  ///   - data: The image's bytes.
  ///   - url: The image's URL; its whole `absoluteString` is the key.
  /// - Throws: ``FileFeedStoreError/insertionFailed(path:reason:)``, what was stored before then unchanged: the disk
  ///   is full, the directory cannot be written, or the image alone is larger than the limit (the reason says so);
  ///   ``FileFeedStoreError/invalidLocation(_:)``.
  public func insert(_ data: Data, for url: URL) throws(FileFeedStoreError) {
    try indexFile.locked(creating: true) { () throws(FileFeedStoreError) in try insertLocked(data, for: url) }
  }

  private func insertLocked(_ data: Data, for url: URL) throws(FileFeedStoreError) {
    let key = url.absoluteString
    let digest = SHA256(key)
    let name = ImageFileFormat.fileName(for: digest)
    var path: String { StorePath.appending(name, to: imagesPath) }  // for errors: not built on the way that works
    var index = indexFile.take()
    defer { indexFile.loaded = index }
    if let limits = imageLimits, data.count > limits.maximumBytes {
      throw .insertionFailed(
        path: path, reason: ImageTooLargeError(size: data.count, limit: limits.maximumBytes).description)
    }
    let previous = index.entries.entry(for: digest)
    let stored = currentDate()
    do {
      try prepareImagesDirectory()
      try indexFile.append([.dirty(digest)], to: &index)
    } catch {
      throw .insertionFailed(path: error.path, reason: error.reason)
    }
    do {
      try writeImageFile([ImageFileFormat.header(for: data, key: key, stored: stored), data], name: name)
    } catch {
      let restore: ImageIndexJournal.Record =
        previous.map { .clean(digest, size: $0.size, stored: $0.stored) }
        ?? .removed(digest)
      do {
        try indexFile.append([restore], to: &index)
      } catch {
        indexFile.pendingRecords.append(restore)  // With the next write: a later load must not delete the file kept.
      }
      throw .insertionFailed(path: path, reason: error.reason)
    }
    // The removals are recorded before the files go, so a writer killed between leaves files the next load deletes
    // (their last record is `removed`), never files the index does not count.
    let evicting = index.entries.evictions(forInserting: data.count, for: digest, limits: imageLimits)
    do {
      try indexFile.append(
        [.clean(digest, size: data.count, stored: stored)] + evicting.map { .removed($0) }, to: &index)
    } catch {
      // The index on disk still says the write never completed, so the next load would delete the file: remove it
      // now, so both agree. The images that would have been evicted stay. (The URL's earlier data, if any, was
      // replaced by the write and is gone: the one case where a failed insert loses what was stored.)
      try? AtomicFile.remove(path)
      index.apply(.removed(digest))
      indexFile.pendingRecords.append(.removed(digest))
      throw .insertionFailed(path: error.path, reason: error.reason)
    }
    _ = try? index.insert(digest, size: data.count, stored: stored, limits: imageLimits)
    for old in evicting { try? AtomicFile.remove(indexFile.location.imagePath(old)) }
    indexFile.compactIfNeeded(&index)
  }

  /// Retrieves the data stored for `url`, recording the use; with limits, an image as old as the maximum age is
  /// removed and is a miss.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The data, or `nil` when nothing is stored for exactly this URL.
  /// - Throws: ``FileFeedStoreError/retrievalFailed(path:reason:)`` when an image file cannot be read;
  ///   ``FileFeedStoreError/corrupt(path:reason:)`` when it fails validation;
  ///   ``FileFeedStoreError/invalidLocation(_:)``.
  public func retrieve(dataForURL url: URL) throws(FileFeedStoreError) -> Data? {
    try directory.checkLocation()
    let key = url.absoluteString
    let digest = SHA256(key)
    let path = indexFile.location.imagePath(digest)
    let file: Data?
    do {
      file = try AtomicFile.read(path, limit: directory.maximumFileSize)
    } catch {
      if error.code == nil { throw .corrupt(path: path, reason: error.reason) }
      throw .retrievalFailed(path: path, reason: error.reason)
    }
    guard let file else {
      // Deleted behind the store's back.
      if indexFile.loaded?.entries.entry(for: digest) != nil { indexFile.record(.removed(digest)) }
      return nil
    }
    let contents: ImageFileFormat.Contents
    do {
      contents = try ImageFileFormat.decode(file)
    } catch {
      throw .corrupt(path: path, reason: error.reason)
    }
    guard contents.key == key else { return nil }  // Another URL's file: never returned for this one.
    if let imageLimits, imageLimits.hasExpired(storedAt: contents.stored, at: currentDate()) {
      try? AtomicFile.remove(path)
      indexFile.record(.removed(digest))
      return nil
    }
    indexFile.record(.read(digest))
    return contents.data
  }

  /// Writes an image file of `parts`; something else in its place (a directory) is removed and the write tried once
  /// more.
  private func writeImageFile(_ parts: [Data], name: String) throws(AtomicFile.SystemError) {
    do {
      try directory.write(parts, name: name, in: imagesPath)
    } catch  where error.code == ENOENT {
      imagesDirectoryExists = false  // Removed behind the store's back: make it again, once.
      try AtomicFile.createOwnDirectory(imagesPath)
      imagesDirectoryExists = true
      try directory.write(parts, name: name, in: imagesPath)
    } catch {
      let path = StorePath.appending(name, to: imagesPath)
      var info = stat()
      guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG else { throw error }
      try AtomicFile.removeItem(path)
      try directory.write(parts, name: name, in: imagesPath)
    }
  }

  private func prepareImagesDirectory() throws(ImageIndexFile.JournalError) {
    guard !imagesDirectoryExists else { return }
    do {
      try AtomicFile.createOwnDirectory(imagesPath)
    } catch {
      throw ImageIndexFile.JournalError(path: imagesPath, reason: error.reason)
    }
    imagesDirectoryExists = true
  }
}
