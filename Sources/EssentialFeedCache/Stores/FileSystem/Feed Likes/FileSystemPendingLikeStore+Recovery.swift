import EssentialFeed
import Foundation

extension FileSystemPendingLikeStore: RecoverablePendingLikeActionStore {
  /// Rebuilds the pending likes from every record of the journal that can still be read; the damaged journal is
  /// kept beside it as `pending-likes.damaged` (replacing an older one), and a new journal holds the actions kept.
  ///
  /// - Returns: The actions kept, the records dropped, and the damaged journal's path; on a journal that reads, the
  ///   actions it holds and nothing changed.
  /// - Throws: ``FileFeedStoreError/insertionFailed(path:reason:)`` when the journal cannot be written, nothing
  ///   changed; ``FileFeedStoreError/retrievalFailed(path:reason:)`` when it cannot be read at all.
  public func recoverPendingActions() throws(FileFeedStoreError) -> PendingLikeRecovery {
    if let readable = try? pendingActions() { return PendingLikeRecovery(kept: readable.count, dropped: 0) }
    return try lock.holding { () throws(FileFeedStoreError) -> PendingLikeRecovery in
      // Read again under the lock: another process may have recovered it meanwhile, and its damaged copy must stay.
      if let readable = try? pendingActions() { return PendingLikeRecovery(kept: readable.count, dropped: 0) }
      closePendingLikesFile()
      pendingLikes = nil
      let file: Data
      do throws(AtomicFile.SystemError) {
        file = try AtomicFile.read(pendingLikesPath, limit: Int(Int32.max)) ?? Data()
      } catch {
        throw .retrievalFailed(path: pendingLikesPath, reason: error.reason)
      }
      let (records, dropped) = PendingLikeJournal.salvage(file)
      var likes = PendingLikes()
      for record in records { likes.apply(record) }
      let damaged = pendingLikesPath + ".damaged"
      let rebuilt = PendingLikeJournal.file(likes.actionsInOrder.map { .enqueue($0) })
      do throws(AtomicFile.SystemError) {
        try directory.write(file, to: damaged)
        try directory.write(Data(rebuilt), to: pendingLikesPath)
      } catch {
        throw .insertionFailed(path: pendingLikesPath, reason: error.reason)
      }
      return PendingLikeRecovery(kept: likes.count, dropped: dropped, setAside: damaged)
    }
  }
}
