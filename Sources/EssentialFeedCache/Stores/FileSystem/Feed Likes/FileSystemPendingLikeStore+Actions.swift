import EssentialFeed
import Foundation

/// The pending actions: enqueued, read and removed through the journal, each change under `pending-likes.lock`.
extension FileSystemPendingLikeStore {
  /// Stores `action` as its image's pending action, replacing any older one; on disk when this returns.
  ///
  /// - Parameter action: The action.
  /// - Throws: ``FileFeedStoreError/insertionFailed(path:reason:)``, nothing changed;
  ///   ``FileFeedStoreError/corrupt(path:reason:)`` when the journal is damaged (never written over).
  public func enqueue(_ action: PendingLikeAction) throws(FileFeedStoreError) {
    try lock.holding { () throws(FileFeedStoreError) in
      var likes = try takeLikes()
      try record(CollectionOfOne(.enqueue(action)), in: &likes)
    }
  }

  /// The pending actions, the oldest timestamp first (ties in the order they were stored).
  ///
  /// - Throws: ``FileFeedStoreError/retrievalFailed(path:reason:)``; ``FileFeedStoreError/corrupt(path:reason:)``.
  public func pendingActions() throws(FileFeedStoreError) -> [PendingLikeAction] {
    try loadedLikes().actionsByTimestamp
  }

  /// Removes `action` if it is still its image's pending action; on disk when this returns.
  ///
  /// - Parameter action: The action the server answered.
  /// - Returns: Whether it was removed.
  /// - Throws: ``FileFeedStoreError/deletionFailed(path:reason:)``, nothing changed; the errors of ``pendingActions()``.
  @discardableResult
  public func removeIfPending(_ action: PendingLikeAction) throws(FileFeedStoreError) -> Bool {
    try lock.holding { () throws(FileFeedStoreError) -> Bool in
      var likes = try takeLikes()
      guard likes.remove(action) else {
        pendingLikes = likes
        return false
      }
      try record(CollectionOfOne(.remove(action.id)), in: &likes, applied: true)
      return true
    }
  }

  /// Removes each of `actions` still its image's pending action: one lock, one append (or compaction), on disk when
  /// this returns; when it throws, nothing was removed.
  ///
  /// - Parameter actions: The actions the server answered.
  /// - Returns: The actions removed, in the order of `actions`.
  /// - Throws: The errors of ``removeIfPending(_:)-(PendingLikeAction)``.
  @discardableResult
  public func removeIfPending(_ actions: [PendingLikeAction]) throws(FileFeedStoreError) -> [PendingLikeAction] {
    try lock.holding { () throws(FileFeedStoreError) -> [PendingLikeAction] in
      var likes = try takeLikes()
      let removed = actions.filter { likes.remove($0) }  // applied here, once each; written below
      let records = removed.map { PendingLikeJournal.Record.remove($0.id) }
      if records.isEmpty { pendingLikes = likes } else { try record(records, in: &likes, applied: true) }
      return removed
    }
  }

  /// The pending likes, read again when the journal changed since this instance last read or wrote it.
  private func loadedLikes() throws(FileFeedStoreError) -> PendingLikes {
    try directory.checkLocation()
    var info = stat()
    let current = stat(pendingLikesCPath, &info) == 0 ? (UInt64(info.st_ino), Int(info.st_size)) : nil
    if let pendingLikes, pendingLikes.file?.inode == current?.0, pendingLikes.file?.size == current?.1 {
      return pendingLikes
    }
    closePendingLikesFile()  // The file may have been replaced: appends must go to the new one.
    var likes = PendingLikes()
    // Never through a link, never waiting on a FIFO: what was opened is checked to be a regular file below.
    var fd = open(pendingLikesPath, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    if fd < 0, [EACCES, EPERM, EROFS].contains(errno) {
      // Read what may not be written; appends then fail.
      fd = open(pendingLikesPath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    }
    guard fd >= 0 else {
      let code = errno
      guard code == ENOENT else {
        if code == ELOOP { throw .retrievalFailed(path: pendingLikesPath, reason: "it is a symbolic link") }
        throw .retrievalFailed(path: pendingLikesPath, reason: String(cString: strerror(code)))
      }
      pendingLikes = likes
      return likes
    }
    // Held open from here: the inode cannot be freed, so its number cannot come back on another file and pass for
    // this one.
    pendingLikesFile = fd
    var opened = stat()
    let file: Data
    do throws(AtomicFile.SystemError) {
      guard fstat(fd, &opened) == 0 else { throw AtomicFile.SystemError(errno: errno) }
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
      file = try AtomicFile.read(from: fd, limit: Int(Int32.max))
    } catch {
      closePendingLikesFile()
      throw .retrievalFailed(path: pendingLikesPath, reason: error.reason)
    }
    let contents: PendingLikeJournal.Contents
    do {
      contents = try PendingLikeJournal.decode(file)
    } catch {
      closePendingLikesFile()
      throw .corrupt(path: pendingLikesPath, reason: error.reason)
    }
    for record in contents.records { likes.apply(record) }
    (likes.records, likes.length, likes.version) = (contents.records.count, contents.length, contents.version)
    likes.file = (UInt64(opened.st_ino), file.count)
    pendingLikes = likes
    return likes
  }

  /// The pending likes, taken out of the store so that a change copies nothing; put back once written (or read
  /// again, when the write failed).
  private func takeLikes() throws(FileFeedStoreError) -> PendingLikes {
    let likes = try loadedLikes()
    pendingLikes = nil
    return likes
  }

  /// Applies `records` to `likes` (unless `applied`) and writes them: appended in one write, or the journal compacted.
  private func record(
    _ records: some Collection<PendingLikeJournal.Record>, in likes: inout PendingLikes, applied: Bool = false
  ) throws(FileFeedStoreError) {
    if !applied { for record in records { likes.apply(record) } }
    // An empty store, a version 1 journal (no committed length) or one mostly of replaced actions is rewritten.
    let compacting =
      likes.length == 0 || likes.version < PendingLikeJournal.version
      || likes.records + records.count > 2 * likes.count + 64
    do {
      if compacting {
        closePendingLikesFile()
        let file = PendingLikeJournal.file(likes.actionsInOrder.map { .enqueue($0) })
        try directory.write(Data(file), to: pendingLikesPath)
        (likes.records, likes.length, likes.version) = (likes.count, file.count, PendingLikeJournal.version)
        var info = stat()
        likes.file = stat(pendingLikesPath, &info) == 0 ? (UInt64(info.st_ino), file.count) : nil
      } else {
        try PendingLikeJournal.append(records, to: try openPendingLikesFile(), committed: likes.length)
        likes.records += records.count
        likes.length += records.count * PendingLikeJournal.recordSize
        likes.file?.size = likes.length
      }
    } catch {
      closePendingLikesFile()
      if case .remove = records.first { throw .deletionFailed(path: pendingLikesPath, reason: error.reason) }
      throw .insertionFailed(path: pendingLikesPath, reason: error.reason)
    }
    pendingLikes = likes
  }
}
