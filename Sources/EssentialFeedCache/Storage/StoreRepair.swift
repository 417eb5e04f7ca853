/// What a storage's repair did to one of its files (``FeedStorage/repair()``): rebuilt it from every record still
/// readable, the damaged file set aside, or deleted it when nothing in it could be read.
public struct StoreRepair: Hashable, Sendable {
  /// A part of a storage, as a repair counts what it kept of it.
  public enum Part: String, Hashable, Sendable, CaseIterable, Codable {
    /// The cached feed's images.
    case feed
    /// The last search's results.
    case search
    /// The page list's images.
    case pages
    /// The pending likes and discards.
    case pendingLikes
    /// The liked list's images.
    case likedList
    /// The image cache's images.
    case images
  }

  /// The file repaired.
  public let file: String
  /// What was damaged, in the store's words.
  public let damage: String
  /// What the rebuilt file keeps of each part it holds; empty when the file was deleted.
  public let kept: [Part: Int]
  /// Where the damaged file was set aside; `nil` when nothing in it could be read and it was deleted.
  public let setAside: String?

  /// Creates the report of a repair.
  ///
  /// - Parameters:
  ///   - file: The file repaired.
  ///   - damage: What was damaged.
  ///   - kept: What the rebuilt file keeps of each part it holds.
  ///   - setAside: Where the damaged file was set aside, if it was.
  public init(file: String, damage: String, kept: [Part: Int], setAside: String?) {
    (self.file, self.damage, self.kept, self.setAside) = (file, damage, kept, setAside)
  }

  /// Whether nothing in the file could be read, so it was deleted.
  public var deletedFile: Bool { setAside == nil }
}
