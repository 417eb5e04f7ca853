import EssentialFeed
import Foundation

/// The pending likes of a ``FileSystemFeedStore`` in memory: each image's action with the order it was stored in,
/// an index by action id (so a compare-and-delete is a lookup), and where the journal ends.
struct PendingLikes {
  private var byImage: [UUID: (action: PendingLikeAction, order: Int)] = [:]
  private var imageOfAction: [UUID: UUID] = [:]
  private var nextOrder = 0
  /// The journal's records, to know when compacting it pays, and its length in whole records (0: no file yet).
  var records = 0
  var length = 0
  /// Whether the file holds bytes past `length` (a torn record), to cut before the next append.
  var torn = false
  /// The journal file this state was read from and kept up with: its inode and size. Another size or inode means
  /// another instance (another process) changed it: the state is read again.
  var file: (inode: UInt64, size: Int)?

  var count: Int { byImage.count }

  /// The actions in the order they were stored.
  var actionsInOrder: [PendingLikeAction] {
    byImage.values.sorted { $0.order < $1.order }.map(\.action)
  }

  /// The actions, the oldest timestamp first (ties in the order they were stored).
  var actionsByTimestamp: [PendingLikeAction] {
    byImage.values.sorted { ($0.action.timestamp, $0.order) < ($1.action.timestamp, $1.order) }.map(\.action)
  }

  func contains(actionID: UUID) -> Bool {
    imageOfAction[actionID] != nil
  }

  mutating func apply(_ record: PendingLikeJournal.Record) {
    switch record {
    case .enqueue(let action):
      if let old = byImage[action.imageID] { imageOfAction[old.action.id] = nil }
      // One id, one action (a crafted or damaged journal may repeat an id): the later record's, which its answer
      // removes, never one pending forever under an id that now points elsewhere.
      if let other = imageOfAction[action.id], other != action.imageID { byImage[other] = nil }
      byImage[action.imageID] = (action, nextOrder)
      imageOfAction[action.id] = action.imageID
      nextOrder += 1
    case .remove(let id):
      guard let image = imageOfAction.removeValue(forKey: id) else { return }
      byImage[image] = nil
    }
  }
}
