import EssentialFeed
import Foundation

/// Each image's pending like action in the order it was stored, for the stores that keep them in memory: a change is
/// one lookup by image and an append or a cleared slot, and the listing sorts only when timestamps came out of order.
///
/// Removed and replaced actions leave empty slots, dropped (and the index rebuilt) by a store once they outnumber the
/// live ones by more than 64, or all at once when the last action goes. A removed action's image keeps its key in the
/// index until then, pointing at the empty slot: a removal deletes nothing from the dictionary, whose deletions hash
/// again the keys placed after the one deleted (issue 44).
struct PendingLikeQueue: Sendable {
  private var slots: [PendingLikeAction?] = []
  private var slotOfImage: [UUIDKey: Int] = [:]
  /// How many images have a pending action (the filled slots).
  private(set) var count = 0
  /// Whether the live actions' timestamps never decrease in stored order: the listing by timestamp is then the
  /// stored order, as it is when actions are enqueued as they happen.
  private var timestampsInOrder = true
  private var latest = Date.distantPast

  /// The pending action of `imageID`'s image, if any.
  func action(forImage imageID: UUID) -> PendingLikeAction? {
    slotOfImage[UUIDKey(imageID)].flatMap { slots[$0] }
  }

  /// Stores `action` as its image's pending action, after every other; returns the action it replaced.
  @discardableResult
  mutating func store(_ action: PendingLikeAction) -> PendingLikeAction? {
    var replaced: PendingLikeAction?
    if let slot = slotOfImage.updateValue(slots.count, forKey: UUIDKey(action.imageID)) {
      replaced = slots[slot]
      slots[slot] = nil
    }
    if replaced == nil { count += 1 }
    slots.append(action)
    if action.timestamp < latest { timestampsInOrder = false }
    latest = max(latest, action.timestamp)
    compactIfSparse()
    return replaced
  }

  /// Removes `imageID`'s pending action when its id is `actionID` (one lookup); returns whether it did.
  mutating func remove(image imageID: UUID, ifActionID actionID: UUID) -> Bool {
    guard let slot = slotOfImage[UUIDKey(imageID)], slots[slot]?.id == actionID else { return false }
    slots[slot] = nil
    count -= 1
    if count == 0 { self = PendingLikeQueue() }  // The slots left are all empty.
    return true
  }

  /// Removes each of `actions` still its image's pending action, as ``remove(image:ifActionID:)`` one after the other
  /// would; returns those removed, in the order of `actions`.
  mutating func remove(_ actions: [PendingLikeAction]) -> [PendingLikeAction] {
    var removed: [PendingLikeAction] = []
    removed.reserveCapacity(actions.count)
    for action in actions where remove(image: action.imageID, ifActionID: action.id) { removed.append(action) }
    return removed
  }

  /// The actions in the order they were stored.
  var inStoredOrder: [PendingLikeAction] {
    slots.compactMap { $0 }
  }

  /// The actions, the oldest timestamp first (ties in the order they were stored).
  var byTimestamp: [PendingLikeAction] {
    let stored = inStoredOrder
    guard !timestampsInOrder else { return stored }
    return stored.enumerated().sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }
      .map(\.element)
  }

  private mutating func compactIfSparse() {
    guard slots.count > 2 * count + 64 else { return }
    let live = inStoredOrder
    self = PendingLikeQueue()
    for action in live { store(action) }
  }
}
