import Foundation

extension FeedStorage {
  /// A kind of persistent storage, by the name an app offers its users (the `feed` app's `--store-kind`): how to make
  /// its storage in a directory, and which entry of the directory holds its feed. Two kinds are equal when their names
  /// are. EssentialFeedSQLite declares the shipped ones, `fileSystem` and `sqlite`, and `persistent`, the list of both.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    /// The kind's name: a word for a command line.
    public let name: String
    /// The entry of the storage's directory that holds the cached feed: how to tell a directory this kind wrote.
    public let feedFile: String
    /// The entry of the storage's directory that holds the image cache (its database, or its index): what an app names
    /// when the image cache cannot be read.
    public let imageCacheFile: String
    private let make: @Sendable (URL, ImageCacheLimits?, @escaping @Sendable () -> Date) -> FeedStorage

    /// A kind named `name`, whose storage `make` makes in a directory.
    ///
    /// - Parameters:
    ///   - name: A word for a command line.
    ///   - feedFile: The entry of the directory that holds the cached feed.
    ///   - imageCacheFile: The entry of the directory that holds the image cache.
    ///   - make: Makes the storage in a directory, with the image cache's limits and clock. It opens nothing.
    public init(
      name: String, feedFile: String, imageCacheFile: String,
      make: @escaping @Sendable (URL, ImageCacheLimits?, @escaping @Sendable () -> Date) -> FeedStorage
    ) {
      (self.name, self.feedFile, self.imageCacheFile, self.make) = (name, feedFile, imageCacheFile, make)
    }

    /// The storage of this kind in `directory`. Nothing is opened before a store's first operation.
    ///
    /// - Parameters:
    ///   - directory: The directory of the storage's files.
    ///   - imageLimits: The limits image data is kept within; `nil` (the default) keeps every image.
    ///   - currentDate: The clock the limits' maximum age reads.
    public func storage(
      in directory: URL, imageLimits: ImageCacheLimits? = nil, currentDate: @escaping @Sendable () -> Date = Date.init
    ) -> FeedStorage {
      make(directory, imageLimits, currentDate)
    }

    /// The kind's name.
    public var description: String { name }

    /// Whether the two kinds have one name.
    public static func == (lhs: Kind, rhs: Kind) -> Bool { lhs.name == rhs.name }

    /// Hashes the kind's name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
  }
}
