import EssentialFeed
import Foundation

/// 10,000 actions on distinct images, and the list and pending actions of the overlay rows.
public enum LikesFixture {
  /// 10,000 actions on distinct images, a third of them discards.
  public static let actions = (0..<10_000).map {
    PendingLikeAction(
      imageID: Payloads.id(0x1A, $0), kind: $0 % 3 == 0 ? .discard : .like,
      timestamp: Date(timeIntervalSinceReferenceDate: Double($0))
    )
  }

  /// How many answers the synchronizer removes in one batch (`LikeSynchronizer.removalBatch`).
  public static let removalBatch = 64

  /// `actions` in the synchronizer's removal batches.
  public static func batches(_ actions: [PendingLikeAction]) -> [ArraySlice<PendingLikeAction>] {
    stride(from: 0, to: actions.count, by: removalBatch).map { actions[$0..<min($0 + removalBatch, actions.count)] }
  }

  /// `count` images of a liked list.
  public static func list(_ count: Int) -> [FeedImage] {
    (0..<count).map { FeedImage(id: Payloads.id(0x2B, $0), description: "image \($0)", location: nil, url: url($0)) }
  }

  /// One pending action per ten images: half discards of listed images, half likes of images the list lacks.
  public static func pending(on list: [FeedImage]) -> [PendingLikeAction] {
    stride(from: 0, to: list.count, by: 10).map { index in
      let discard = index % 20 == 0
      return PendingLikeAction(
        imageID: discard ? list[index].id : Payloads.id(0x3C, index), kind: discard ? .discard : .like,
        timestamp: Date(timeIntervalSinceReferenceDate: Double(index)))
    }
  }

  private static func url(_ index: Int) -> URL {
    URL(string: "https://images.example.com/\(index).png") ?? URL(fileURLWithPath: "/")
  }
}

/// The raw twin of the likes overlay: the intent by image, then the pending likes on top of the list less the
/// discards, by hand.
public enum RawOverlay {
  /// The rows shown: each image's id, the image when listed, and whether it shows as liked.
  public static func entries(server list: [FeedImage], pending: [PendingLikeAction]) -> [(UUID, FeedImage?, Bool)] {
    var intent: [UUID: Bool] = [:]
    for action in pending { intent[action.imageID] = action.kind == .like }
    var shown: [(UUID, FeedImage?, Bool)] = []
    shown.reserveCapacity(list.count + pending.count)
    for action in pending.reversed() where action.kind == .like { shown.append((action.imageID, nil, true)) }
    for image in list where intent[image.id] != false { shown.append((image.id, image, intent[image.id] == true)) }
    return shown
  }
}

/// The raw twin of the file-system store's pending likes: each change under the store's lock, after a look at the
/// file (another process may have changed it), its 64-byte records appended in one write and flushed: an enqueue one
/// record, a batch of answers one record each.
public final class RawLockedAppends {
  private let path: String
  private let lock: Int32
  private let file: Int32

  /// Opens (creating) the journal and its lock file in `directory`.
  public init(directory: URL) {
    path = directory.appending(path: "pending").path(percentEncoded: false)
    lock = open(directory.appending(path: "pending.lock").path(percentEncoded: false), O_RDWR | O_CREAT, 0o600)
    file = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
  }

  deinit {
    close(file)
    close(lock)
  }

  /// Each action enqueued, one change each, then each removed, a change per batch of ``LikesFixture/removalBatch``.
  public func record(_ actions: [PendingLikeAction]) {
    for action in actions { append(1, [action]) }
    for batch in LikesFixture.batches(actions) { append(2, batch) }
  }

  private func append(_ kind: UInt8, _ actions: some Collection<PendingLikeAction>) {
    var records = [UInt8](repeating: 0, count: 64 * actions.count)
    var info = stat()
    flock(lock, LOCK_EX)
    stat(path, &info)
    for (index, action) in actions.enumerated() {
      records[64 * index] = kind
      withUnsafeBytes(of: action.id.uuid) { records.replaceSubrange(64 * index + 8..<64 * index + 24, with: $0) }
    }
    _ = records.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    fsync(file)
    flock(lock, LOCK_UN)
  }
}

/// The raw twin of an image insert: an atomic write of the same bytes to one of 40 files, as a cache without an
/// index would do it.
public struct RawAtomicWrites {
  private let directory: URL

  /// Writes into `directory`.
  public init(directory: URL) { self.directory = directory }

  /// Replaces file `number % 40` with `image`, atomically.
  public func write(_ image: Data, number: Int) throws {
    try image.write(to: directory.appending(path: "\(number % 40).image"), options: .atomic)
  }
}
