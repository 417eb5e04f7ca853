import Foundation

extension FeedWindow {
  /// What a window did since it was created.
  public struct Statistics: Hashable, Sendable {
    /// Pages read from the page cache.
    public internal(set) var localPages = 0
    /// Pages requested from the remote.
    public internal(set) var remotePages = 0
    /// The most images the window held at once; never more than its capacity.
    public internal(set) var mostImagesHeld = 0
    /// Images the remote sent that the page cache held already: rows the server sent twice. A server that honours
    /// the cursor never does.
    public internal(set) var rowsFetchedAgain = 0
  }

  /// Why a window cannot move.
  public enum Error: Swift.Error, Hashable, Sendable, LocalizedError {
    /// The page cache no longer holds the images before the window (it was cleared behind the window's back).
    case earlierImagesMissing

    /// The failure in a sentence.
    public var errorDescription: String? {
      switch self {
      case .earlierImagesMissing:
        "the cached list no longer holds the images before the window: something else cleared or replaced it"
      }
    }
  }
}

extension FeedWindow {
  /// Runs `operation` once every operation started before it has ended: an actor alone would let a second
  /// operation start while the first awaits its page. A caller cancelled while it waits leaves the queue at once.
  func serially<T>(_ operation: () async throws -> T) async throws -> T {
    guard await queue.acquire() else { throw CancellationError() }
    defer { queue.release() }
    try Task.checkCancellation()
    return try await operation()
  }
}
