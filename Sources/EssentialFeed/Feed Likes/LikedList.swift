import Foundation

/// One row of the liked images list.
public struct LikedEntry: Hashable, Sendable {
  /// The image.
  public let imageID: UUID
  /// Its details, when known: `nil` for an image liked here that no list loaded yet has shown.
  public let image: FeedImage?
  /// Whether a like of it is not yet confirmed by the server.
  public let pending: Bool

  /// Creates an entry.
  ///
  /// - Parameters:
  ///   - imageID: The image.
  ///   - image: Its details, when known.
  ///   - pending: Whether a like of it is not yet confirmed.
  public init(imageID: UUID, image: FeedImage?, pending: Bool) {
    self.imageID = imageID
    self.image = image
    self.pending = pending
  }
}

/// The liked list as the user sees it: the server's list with the pending actions replayed on top, so a like or
/// discard shows at once and pending local actions win until the server's answer replaces them.
public enum LikedList {
  /// The entries shown, in linear time: pending likes of images the list lacks first (the newest first), then the
  /// server's list in its order, less the images with a pending discard, with pending likes marked.
  ///
  /// - Parameters:
  ///   - server: The server's liked images, in order.
  ///   - pending: The pending actions.
  ///   - known: Details of images the server's list may not hold (an image liked from the feed).
  ///   - confirmed: Images the server confirmed liked since its list was loaded, whose details are unknown: shown
  ///     after the pending likes, without details.
  public static func entries(
    server: [FeedImage], pending: [PendingLikeAction], known: [UUID: FeedImage] = [:], confirmed: [UUID] = []
  ) -> [LikedEntry] {
    var intent: [UUID: PendingLikeAction.Kind] = [:]
    intent.reserveCapacity(pending.count)
    for action in pending { intent[action.imageID] = action.kind }
    let confirmedSet = Set(confirmed)
    var listed = Set<UUID>()  // only the images the pending likes and confirmed ids name: a few, not the whole list
    var shown: [LikedEntry] = []
    shown.reserveCapacity(server.count + pending.count + confirmed.count)
    let added = pending.reversed().filter { $0.kind == .like }
    shown.append(contentsOf: added.map { LikedEntry(imageID: $0.imageID, image: known[$0.imageID], pending: true) })
    let extra = confirmed.filter { intent[$0] == nil }
    shown.append(contentsOf: extra.map { LikedEntry(imageID: $0, image: known[$0], pending: false) })
    let head = shown.count
    for image in server {
      let kind = intent.isEmpty ? nil : intent[image.id]
      if kind == .discard { continue }
      if kind == .like || confirmedSet.contains(image.id) {
        listed.insert(image.id)
        if kind == .like {
          shown.append(LikedEntry(imageID: image.id, image: image, pending: true))
          continue
        }
      }
      shown.append(LikedEntry(imageID: image.id, image: image, pending: false))
    }
    guard !listed.isEmpty else { return shown }
    // The pending likes and confirmed ids the server's list holds show there, not again at the top.
    return shown[..<head].filter { !listed.contains($0.imageID) } + shown[head...]
  }
}
