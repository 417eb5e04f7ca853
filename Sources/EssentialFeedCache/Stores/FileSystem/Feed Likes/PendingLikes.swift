import EssentialFeed
import Foundation

/// The pending likes of a ``FileSystemPendingLikeStore`` in memory: each image's action in the order it was stored,
/// an index by action id (the journal's removals name the action alone), and where the journal ends.
struct PendingLikes {
  private var queue = PendingLikeQueue()
  private var imageOfAction: [UUIDKey: UUID] = [:]
  /// The journal's records, to know when compacting it pays, and its length in whole records (0: no file yet).
  var records = 0
  var length = 0
  /// The journal's version: a version 1 journal is rewritten as the current one by the next change.
  var version = PendingLikeJournal.version
  /// The journal file this state was read from and kept up with: its inode and size. Another size or inode means
  /// another instance (another process) changed it: the state is read again.
  var file: (inode: UInt64, size: Int)?

  var count: Int { queue.count }

  /// The actions in the order they were stored.
  var actionsInOrder: [PendingLikeAction] { queue.inStoredOrder }

  /// The actions, the oldest timestamp first (ties in the order they were stored).
  var actionsByTimestamp: [PendingLikeAction] { queue.byTimestamp }

  func contains(actionID: UUID) -> Bool {
    imageOfAction[UUIDKey(actionID)] != nil
  }

  mutating func apply(_ record: PendingLikeJournal.Record) {
    switch record {
    case .enqueue(let action):
      // One id, one action (a crafted or damaged journal may repeat an id): the later record's, which its answer
      // removes, never one pending forever under an id that now points elsewhere.
      if let other = imageOfAction.updateValue(action.imageID, forKey: UUIDKey(action.id)), other != action.imageID {
        _ = queue.remove(image: other, ifActionID: action.id)
      }
      if let old = queue.store(action), old.id != action.id { imageOfAction[UUIDKey(old.id)] = nil }
    case .remove(let id): _ = remove(actionID: id)
    }
  }

  /// Removes the action `id`, if pending (what a remove record does); returns whether it was.
  mutating func remove(actionID id: UUID) -> Bool {
    guard let image = imageOfAction.removeValue(forKey: UUIDKey(id)) else { return false }
    return queue.remove(image: image, ifActionID: id)
  }
}
