import Foundation

/// Reading and writing the journal: the list read again only as far as another instance changed it.
extension FileSystemPageStore {
  /// The list, brought up to date: the records another instance appended since this one last looked, or the whole
  /// journal when it was replaced (another file) or deleted.
  func currentList() throws(FileFeedStoreError) -> PageList {
    try directory.checkLocation()
    var info = stat()
    guard stat(pagesPath, &info) == 0 else {
      let code = errno
      guard code == ENOENT else { throw .retrievalFailed(path: pagesPath, reason: String(cString: strerror(code))) }
      closeJournal()
      list = PageList()
      return list
    }
    guard let journal, journal.inode == UInt64(info.st_ino) else { return try reload() }
    let committed = try committedLength(of: journal.descriptor)
    guard committed != journal.committed else { return list }
    guard committed > journal.committed else { return try reload() }  // never by the writers: read it all again
    let appended = try images(in: journal.descriptor, from: journal.committed, to: committed)
    list.append(list.appendable(appended))
    self.journal?.committed = committed
    return list
  }

  /// Reads the whole journal, held open from here.
  private func reload() throws(FileFeedStoreError) -> PageList {
    closeJournal()
    list = PageList()
    let descriptor: Int32
    do throws(AtomicFile.SystemError) {
      do throws(AtomicFile.SystemError) {
        guard let opened = try AtomicFile.openRegular(pagesPath, O_RDWR) else { return list }
        descriptor = opened
      } catch  where [EACCES, EPERM, EROFS].contains(error.code) {
        // Read what may not be written; appends then fail.
        guard let opened = try AtomicFile.openRegular(pagesPath, O_RDONLY) else { return list }
        descriptor = opened
      }
    } catch {
      throw .retrievalFailed(path: pagesPath, reason: error.reason)
    }
    var info = stat()
    fstat(descriptor, &info)
    journal = (descriptor, UInt64(info.st_ino), PageJournal.headerSize)
    do throws(FileFeedStoreError) {
      let committed = try committedLength(of: descriptor)
      list = PageList(try images(in: descriptor, from: PageJournal.headerSize, to: committed))
      journal?.committed = committed
      return list
    } catch {
      closeJournal()
      list = PageList()
      throw error
    }
  }

  /// The committed length in the header of the journal open at `descriptor`, checked against the file's size.
  private func committedLength(of descriptor: Int32) throws(FileFeedStoreError) -> Int {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw .retrievalFailed(path: pagesPath, reason: String(cString: strerror(errno)))
    }
    guard Int(info.st_size) <= directory.maximumFileSize else {
      throw .retrievalFailed(
        path: pagesPath,
        reason: "the file has \(info.st_size) bytes, more than the limit of \(directory.maximumFileSize)")
    }
    let header = try read(descriptor, from: 0, to: PageJournal.headerSize)
    do {
      return try PageJournal.committedLength(ofHeader: header, fileSize: Int(info.st_size))
    } catch {
      throw .corrupt(path: pagesPath, reason: error.reason)
    }
  }

  /// The images of the records between `start` and `end`.
  private func images(in descriptor: Int32, from start: Int, to end: Int) throws(FileFeedStoreError) -> [LocalFeedImage]
  {
    let records = try read(descriptor, from: start, to: end)
    do {
      return try PageJournal.images(in: records)
    } catch {
      throw .corrupt(path: pagesPath, reason: error.reason)
    }
  }

  /// The bytes between `start` and `end`; fewer than asked is damage (the file is shorter than its header says).
  private func read(_ descriptor: Int32, from start: Int, to end: Int) throws(FileFeedStoreError) -> Data {
    var data = Data(count: end - start)
    let read = data.withUnsafeMutableBytes { buffer in PageJournal.read(descriptor, into: buffer, at: start) }
    guard read >= 0 else { throw .retrievalFailed(path: pagesPath, reason: String(cString: strerror(errno))) }
    guard read == end - start else { throw .corrupt(path: pagesPath, reason: "the file ends inside its header") }
    return data
  }

  /// Appends `images` (none of which the list holds) as one record: written past the committed length and flushed,
  /// then committed. A new journal is written whole.
  func append(_ images: [LocalFeedImage]) throws(FileFeedStoreError) {
    guard let journal else { return try rewrite(list.images + images) }
    let record = PageJournal.record(images)
    guard journal.committed + record.count <= directory.maximumFileSize else {
      throw .insertionFailed(
        path: pagesPath, reason: "the page list would pass the largest file of \(directory.maximumFileSize) bytes")
    }
    do {
      try JournalFormat.appendCommitted(
        record, to: journal.descriptor, committed: journal.committed, lengthOffset: PageJournal.committedOffset)
    } catch {
      throw .insertionFailed(path: pagesPath, reason: error.reason)
    }
    list.append(images)
    self.journal?.committed = journal.committed + record.count
  }

  /// Writes a journal of `images` alone, atomically and durably, and reads it back as the list.
  func rewrite(_ images: [LocalFeedImage]) throws(FileFeedStoreError) {
    let file = PageJournal.file(images)
    guard file.count <= directory.maximumFileSize else {
      throw .insertionFailed(
        path: pagesPath, reason: "the page list would pass the largest file of \(directory.maximumFileSize) bytes")
    }
    try directory.writeFile(file, to: pagesPath)
    closeJournal()
    _ = try reload()
  }

  func closeJournal() {
    if let journal { closeDescriptor(journal.descriptor) }
    journal = nil
  }
}
