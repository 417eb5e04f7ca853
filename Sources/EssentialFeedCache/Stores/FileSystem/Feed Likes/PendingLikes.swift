import EssentialFeed
import Foundation

/// The pending likes of a ``FileSystemPendingLikeStore`` in memory: each image's action in the order it was stored,
/// an index by action id (the journal's removals name the action alone), and where the journal ends.
///
/// An answer names its image, so it is removed without the index, and a replaced action too: their entries stay,
/// stale (their image's action has another id, which every use checks), until they outnumber the pending actions
/// twice over, when the index is built again from these (issue 44: a dictionary's deletion hashes again the keys after
/// the one deleted).
struct PendingLikes {
  private var queue = PendingLikeQueue()
  private var imageOfAction: [UUIDKey: UUID] = [:]
  private var staleEntries = 0
  /// The journal's records, to know when compacting it pays, and its length in whole records (0: no file yet).
  var records = 0
  var length = 0
  /// The journal's version: a version 1 journal is rewritten as the current one by the next change.
  var version = PendingLikeJournal.version
  /// The journal file this state was read from and kept up with: its inode and size. Another size or inode means
  /// another instance (another process) changed it: the state is read again.
  var file: (inode: UInt64, size: Int)?

  var count: Int { queue.count }

  /// The entries of the index by action id, stale ones included: at most three times the pending actions and 65 more.
  var indexedActions: Int { imageOfAction.count }

  /// The actions in the order they were stored.
  var actionsInOrder: [PendingLikeAction] { queue.inStoredOrder }

  /// The actions, the oldest timestamp first (ties in the order they were stored).
  var actionsByTimestamp: [PendingLikeAction] { queue.byTimestamp }

  /// Removes `action` if it is still its image's pending action (an answer; one lookup by image); returns whether it
  /// was.
  mutating func remove(_ action: PendingLikeAction) -> Bool {
    guard queue.remove(image: action.imageID, ifActionID: action.id) else { return false }
    droppedEntry()
    return true
  }

  /// Counts an entry of the index gone stale; builds the index again when they outnumber the pending actions twice
  /// over, and drops it when none is pending.
  private mutating func droppedEntry() {
    staleEntries += 1
    if queue.count == 0 {
      (imageOfAction, staleEntries) = ([:], 0)
    } else if staleEntries > 2 * queue.count + 64 {
      let live = queue.inStoredOrder.lazy.map { (UUIDKey($0.id), $0.imageID) }
      (imageOfAction, staleEntries) = (Dictionary(live, uniquingKeysWith: { _, later in later }), 0)
    }
  }

  mutating func apply(_ record: PendingLikeJournal.Record) {
    switch record {
    case .enqueue(let action):
      // One id, one action (a crafted or damaged journal may repeat an id): the later record's, which its answer
      // removes, never one pending forever under an id that now points elsewhere.
      if let other = imageOfAction.updateValue(action.imageID, forKey: UUIDKey(action.id)), other != action.imageID {
        _ = queue.remove(image: other, ifActionID: action.id)
      }
      if let old = queue.store(action), old.id != action.id { droppedEntry() }
    case .remove(let id): _ = remove(actionID: id)
    }
  }

  /// Removes the action `id`, if pending (what a remove record does); returns whether it was.
  mutating func remove(actionID id: UUID) -> Bool {
    guard let image = imageOfAction.removeValue(forKey: UUIDKey(id)), queue.remove(image: image, ifActionID: id) else {
      return false
    }
    if queue.count == 0 { (imageOfAction, staleEntries) = ([:], 0) }
    return true
  }
}
