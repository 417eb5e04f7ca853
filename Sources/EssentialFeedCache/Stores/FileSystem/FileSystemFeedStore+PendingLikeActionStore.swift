import EssentialFeed
import Foundation

/// The pending likes of a ``FileSystemFeedStore`` in memory: the actions in the order stored, and where the journal
/// ends.
struct PendingLikes {
  var actions: [PendingLikeAction] = []
  /// The journal's records, to know when compacting it pays, and its length in whole records (0: no file yet).
  var records = 0
  var length = 0

  mutating func apply(_ record: PendingLikeJournal.Record) {
    switch record {
    case .enqueue(let action):
      actions.removeAll { $0.imageID == action.imageID }
      actions.append(action)
    case .remove(let id):
      actions.removeAll { $0.id == id }
    }
  }
}

extension FileSystemFeedStore: PendingLikeActionStore {
  var pendingLikesPath: String { (directoryPath as NSString).appendingPathComponent("pending-likes") }

  /// Stores `action` as its image's pending action, replacing any older one; on disk when this returns.
  ///
  /// - Parameter action: The action.
  /// - Throws: ``FileFeedStoreError/insertionFailed(path:reason:)``, nothing changed;
  ///   ``FileFeedStoreError/corrupt(path:reason:)`` when the journal is damaged (never written over).
  public func enqueue(_ action: PendingLikeAction) throws(FileFeedStoreError) {
    try record(.enqueue(action))
  }

  /// The pending actions, the oldest timestamp first (ties in the order they were stored).
  ///
  /// - Throws: ``FileFeedStoreError/retrievalFailed(path:reason:)``; ``FileFeedStoreError/corrupt(path:reason:)``.
  public func pendingActions() throws(FileFeedStoreError) -> [PendingLikeAction] {
    try loadedLikes().actions.enumerated()
      .sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }.map(\.element)
  }

  /// Removes `action` if it is still its image's pending action; on disk when this returns.
  ///
  /// - Parameter action: The action the server answered.
  /// - Returns: Whether it was removed.
  /// - Throws: ``FileFeedStoreError/deletionFailed(path:reason:)``, nothing changed; the errors of ``pendingActions()``.
  @discardableResult
  public func removeIfPending(_ action: PendingLikeAction) throws(FileFeedStoreError) -> Bool {
    guard try loadedLikes().actions.contains(where: { $0.id == action.id }) else { return false }
    try record(.remove(action.id))
    return true
  }

  private func loadedLikes() throws(FileFeedStoreError) -> PendingLikes {
    try checkLocation()
    if let pendingLikes { return pendingLikes }
    var likes = PendingLikes()
    guard let file = try AtomicFile.readCache(pendingLikesPath, limit: Int(Int32.max)) else { return likes }
    do {
      let (records, length) = try PendingLikeJournal.decode(file)
      for record in records { likes.apply(record) }
      (likes.records, likes.length) = (records.count, length)
    } catch {
      throw .corrupt(path: pendingLikesPath, reason: error.reason)
    }
    pendingLikes = likes
    return likes
  }

  private func record(_ record: PendingLikeJournal.Record) throws(FileFeedStoreError) {
    var likes = try loadedLikes()
    pendingLikes = nil  // Taken out, so the change copies nothing; put back once written (or read again).
    likes.apply(record)
    let compacting = likes.length == 0 || likes.records + 1 > 2 * likes.actions.count + 64
    do {
      if compacting {
        let file = PendingLikeJournal.header() + PendingLikeJournal.encode(likes.actions.map { .enqueue($0) })
        try writer.write(Data(file), to: pendingLikesPath)
        (likes.records, likes.length) = (likes.actions.count, file.count)
      } else {
        try PendingLikeJournal.append([record], to: pendingLikesPath, validLength: likes.length)
        likes.records += 1
        likes.length += PendingLikeJournal.recordSize
      }
    } catch {
      if case .remove = record { throw .deletionFailed(path: pendingLikesPath, reason: error.reason) }
      throw .insertionFailed(path: pendingLikesPath, reason: error.reason)
    }
    pendingLikes = likes
  }
}
