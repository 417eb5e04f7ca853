import EssentialFeed
import EssentialFeedCache
import Foundation

/// One step of a generated history: an operation of one of the store protocols, or a step that changes how the next
/// one runs (in a cancelled task, through a second live instance), or that reopens the store.
indirect enum ModelOperation: Sendable {
  case insertFeed([LocalFeedImage], Date)
  case replaceFeed([LocalFeedImage], Date)
  case deleteFeed
  case retrieveFeed

  case insertImage(Data, URL)
  case retrieveImage(URL)
  case imageSize
  case deleteAllImages
  case flushImages
  /// Moves the store's clock on; the images that expire are then read, so none lingers unread.
  case advanceClock(TimeInterval)

  case replaceSearch([LocalFeedImage], String, Date)
  case appendSearch([LocalFeedImage], String)
  case deleteSearch
  case retrieveSearch

  case appendPage([LocalFeedImage])
  case replacePages([LocalFeedImage])
  case pageAfter(UUID?, Int)
  case pageBefore(UUID, Int)
  case pageCount
  case deletePages

  case enqueue(PendingLikeAction)
  case pendingActions
  case removeIfPending(PendingLikeAction)

  /// The operation, called from a task cancelled before it starts: it may fail, and then leave the old state or the
  /// new, never a part of the new.
  case cancelled(ModelOperation)
  /// The operation, through a second instance on the same location that stays alive beside the first.
  case onSecondInstance(ModelOperation)
  /// Every instance released (a limited image store flushed first), and a new one made on the same location.
  case reopen
  /// Writes through both instances at once, each on a thread of its own: some serial order must explain them.
  case together([ModelOperation])

  /// Whether the operation changes what the store keeps.
  var isWrite: Bool {
    switch self {
    case .insertFeed, .replaceFeed, .deleteFeed, .insertImage, .deleteAllImages, .replaceSearch, .appendSearch,
      .deleteSearch, .appendPage, .replacePages, .deletePages, .enqueue, .removeIfPending:
      true
    case .cancelled(let operation), .onSecondInstance(let operation): operation.isWrite
    case .together(let operations): operations.contains { $0.isWrite }
    default: false
    }
  }
}
