import EssentialFeedCache
import Foundation

/// The page list one `feed browse` session scrolls: the store's, held for the whole session through `browse.lock` in
/// the cache directory, or, while another session holds it (another process, or another session of this one), a list
/// of the session's own in memory. Two sessions on one list replaced and refilled each other's rows: three at once
/// reported 2,800 of 3,000 images "to the end". The lock dies with its process, killed or not; a lock that cannot be
/// made (a link or a FIFO in its place, no permission) leaves the session a list of its own, never a shared one.
final class BrowsePageList: Sendable {
  /// The list to scroll.
  let store: any FeedPageStore
  /// Whether it is the store's list, kept for the next session; otherwise the session's own, gone with it.
  let isTheStores: Bool
  private let lock: Int32

  /// Claims `store`, the cache directory's page list, for a session, or makes the session's own list.
  init(claiming store: any FeedPageStore, in directory: URL) {
    let path = directory.appending(path: "browse.lock").path(percentEncoded: false)
    if case .success(let fd) = OwnFile.openRegular(path, O_RDWR | O_CREAT) {
      if flock(fd, LOCK_EX | LOCK_NB) == 0 {
        (self.store, isTheStores, lock) = (store, true, fd)
        return
      }
      close(fd)
    }
    (self.store, isTheStores, lock) = (InMemoryFeedStore(), false, -1)
  }

  /// Lets the next session claim the store's list.
  deinit {
    if lock >= 0 { close(lock) }
  }
}
