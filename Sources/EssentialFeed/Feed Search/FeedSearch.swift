import Foundation

/// Keyword search, online first, with the last search cached for when the server cannot be reached.
///
/// The keyword is trimmed; an empty one sends no request and delivers no results. When the remote fails, the same
/// keyword (compared without case) delivers the cached results; another keyword delivers a local match over the
/// cached feed's descriptions and locations, and when nothing matches, the remote's error (a connectivity error,
/// say), never an empty list passed off as "no results". Cancellation is never a failure to fall back from.
public struct FeedSearch: Sendable {
  /// Searches the server: the first page, and how to load more (`FeedPager` over a remote search page loader).
  public typealias Remote = @Sendable (_ keyword: String) async throws -> Paginated<FeedImage>
  /// The cached results for a keyword, or `nil` when the cached search is for another one or too old.
  public typealias Cached = @Sendable (_ keyword: String) async throws -> [FeedImage]?
  /// The cached feed, for a local match.
  public typealias CachedFeed = @Sendable () async throws -> [FeedImage]

  private let remote: Remote
  private let cached: Cached
  private let cachedFeed: CachedFeed

  /// Creates a search over its three sources.
  public init(remote: @escaping Remote, cached: @escaping Cached, cachedFeed: @escaping CachedFeed) {
    self.remote = remote
    self.cached = cached
    self.cachedFeed = cachedFeed
  }

  /// Searches for `keyword`.
  ///
  /// - Returns: The results so far and how to load more; offline results have no more pages.
  /// - Throws: The remote's error when nothing cached answers the keyword; `CancellationError`.
  public func search(_ keyword: String) async throws -> Paginated<FeedImage> {
    let keyword = keyword.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !keyword.isEmpty else { return Paginated(items: []) }
    do {
      return try await remote(keyword)
    } catch let error as CancellationError {
      throw error
    } catch {
      try Task.checkCancellation()
      if let results = try? await cached(keyword) { return Paginated(items: results) }
      let matches = ((try? await cachedFeed()) ?? []).filter { $0.matches(keyword) }
      guard matches.isEmpty else { return Paginated(items: matches) }
      throw error
    }
  }
}

extension FeedImage {
  /// Whether the description or the location contains `keyword`, ignoring case and diacritics, as the server's
  /// search does.
  public func matches(_ keyword: String) -> Bool {
    [description, location].contains { text in
      text?.range(of: keyword, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
  }
}
