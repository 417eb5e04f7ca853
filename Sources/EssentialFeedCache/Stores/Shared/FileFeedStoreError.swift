import Foundation

/// Why a file-backed store (``CodableFeedStore``, ``FileSystemFeedStore`` and the stores on a
/// ``FileSystemStoreDirectory``) failed. Each case names the file.
public enum FileFeedStoreError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file exists but could not be read; `reason` is the system's message.
  case retrievalFailed(path: String, reason: String)
  /// The file was read but is not a cache this store can decode: corrupt, truncated, or of an unknown version.
  case corrupt(path: String, reason: String)
  /// The file (or its directory) could not be written; the previous contents are unchanged.
  case insertionFailed(path: String, reason: String)
  /// The file could not be deleted; it is unchanged.
  case deletionFailed(path: String, reason: String)
  /// The store was created with a URL that is not a file URL with a path; every operation fails with this.
  case invalidLocation(String)

  /// One sentence saying what failed, where, and why.
  public var description: String {
    switch self {
    case .retrievalFailed(let path, let reason): "Could not read the cache at \(path): \(reason)."
    case .corrupt(let path, let reason): "The cache at \(path) is corrupt: \(reason)."
    case .insertionFailed(let path, let reason): "Could not write the cache at \(path): \(reason)."
    case .deletionFailed(let path, let reason): "Could not delete the cache at \(path): \(reason)."
    case .invalidLocation(let url): "The cache location \(url) is not a file URL with a path."
    }
  }
}

extension AtomicFile {
  /// The cache file at `path`, or `nil` when there is none; a file that cannot be read, or is over `limit`, is a
  /// ``FileFeedStoreError/retrievalFailed(path:reason:)``.
  static func readCache(_ path: String, limit: Int) throws(FileFeedStoreError) -> Data? {
    do {
      return try read(path, limit: limit)
    } catch {
      throw .retrievalFailed(path: path, reason: error.reason)
    }
  }
}
