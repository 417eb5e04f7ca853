import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import Foundation

/// What can stop the app, each said in one sentence for stderr.
enum FeedAppError: Error, CustomStringConvertible, Equatable {
  /// Neither the server nor the cache had a feed; `heldBy` is the other kind of store, when its store in the
  /// directory holds one (the user saved with the other `--store-kind`).
  case noFeed(
    server: URL?, serverProblem: String?, store: String, storeKind: FeedStorage.Kind = .fileSystem,
    heldBy: FeedStorage.Kind? = nil)
  /// The cache could not be read, and the server (if any) could not replace it. A `deletable` one is damaged, so
  /// `feed validate-cache` deletes it; otherwise it is another program's (or a newer version's) database, which
  /// the store never changes, and `reason` says what to do.
  case unreadableCache(
    String, serverProblem: String?, store: String, deletable: Bool, storeKind: FeedStorage.Kind = .fileSystem)
  /// The cache directory cannot be created or written.
  case unusableStore(path: String, reason: String)
  /// `--url` is not an absolute http(s) URL.
  case invalidURL(String)
  /// `--store` was given an empty path.
  case emptyStorePath
  /// No image of the feed has this id.
  case unknownImage(UUID)
  /// A search could not reach the server, and nothing cached answers its keyword.
  case searchUnavailable(keyword: String, problem: String)
  /// `feed browse` could not load the page after position `at`, three times.
  case browseFailed(at: Int, problem: String)
  /// `feed browse` could not keep the page after position `at` in the page store, three times.
  case browseStoreFailed(at: Int, problem: String)
  /// The server refused a like or discard for good: it was dropped.
  case likeRefused(UUID, kind: PendingLikeAction.Kind, statusCode: Int)
  /// `feed browse` scrolled `pages` pages down and the server's list had not ended.
  case endlessList(pages: Int)
  /// The pending likes and discards cannot be read; `feed validate-cache` recovers what can be.
  case unreadablePendingLikes(reason: String, store: String, storeKind: FeedStorage.Kind = .fileSystem)
  /// The command's output could not be written (a full disk, a closed pipe): what it printed is lost.
  case outputFailed(reason: String)
  /// `feed serve --port` names a port another program listens on.
  case portInUse(UInt16)

  var description: String { description(in: .current) }

  /// The sentence in `language`.
  func description(in language: AppLanguage) -> String {
    switch self {
    case .noFeed(let server?, let problem, let store, _, nil):
      language.text(
        "ERROR_NO_FEED_FROM_SERVER", server.absoluteString, problem ?? language.text("UNKNOWN_ERROR"), store)
    case .noFeed(nil, _, let store, _, nil): language.text("ERROR_NO_FEED_OFFLINE", store)
    case .noFeed(let server?, let problem, let store, let kind, let other?):
      language.text(
        "ERROR_NO_FEED_FROM_SERVER_OTHER_KIND", server.absoluteString, problem ?? language.text("UNKNOWN_ERROR"),
        store, kind.name, other.name)
    case .noFeed(nil, _, let store, let kind, let other?):
      language.text("ERROR_NO_FEED_OTHER_KIND", store, kind.name, other.name)
    case .unreadableCache(let reason, let problem?, let store, true, let kind):
      language.text("ERROR_UNREADABLE_CACHE_SERVER", problem, reason, Self.validateArguments(store, kind))
    case .unreadableCache(let reason, nil, let store, true, let kind):
      language.text("ERROR_UNREADABLE_CACHE", reason, Self.validateArguments(store, kind))
    case .unreadableCache(let reason, let problem?, _, false, _):
      language.text("ERROR_UNUSABLE_CACHE_SERVER", problem, reason)
    case .unreadableCache(let reason, nil, _, false, _): language.text("ERROR_UNUSABLE_CACHE", reason)
    case .unusableStore(let path, let reason): language.text("ERROR_UNUSABLE_STORE", path, reason)
    case .emptyStorePath: language.text("ERROR_EMPTY_STORE_PATH")
    case .invalidURL(let string): language.text("ERROR_INVALID_URL", string)
    case .searchUnavailable(let keyword, let problem): language.text("ERROR_SEARCH_UNAVAILABLE", keyword, problem)
    case .unknownImage(let id): language.text("ERROR_UNKNOWN_IMAGE", id.uuidString)
    case .browseFailed(let position, let problem):
      language.text("BROWSE_FAILED", language.number(position), problem.trimmingCharacters(in: ["."]))
    case .browseStoreFailed(let position, let problem):
      language.text("BROWSE_STORE_FAILED", language.number(position), problem.trimmingCharacters(in: ["."]))
    case .likeRefused(let id, let kind, let status):
      language.text(kind == .like ? "ERROR_LIKE_REFUSED" : "ERROR_DISCARD_REFUSED", id.uuidString, String(status))
    case .endlessList(let pages): language.text("ERROR_ENDLESS_LIST", language.number(pages))
    case .outputFailed(let reason): language.text("ERROR_OUTPUT_FAILED", reason)
    case .portInUse(let port): language.text("ERROR_PORT_IN_USE", String(port))
    case .unreadablePendingLikes(let reason, let store, let kind):
      language.text(
        "ERROR_UNREADABLE_PENDING_LIKES", reason.trimmingCharacters(in: CharacterSet(charactersIn: ".")),
        Self.validateArguments(store, kind))
    }
  }

  /// The arguments of the `feed validate-cache` command that repairs the user's store: its directory, and its kind
  /// when it is not the default.
  static func validateArguments(_ store: String, _ kind: FeedStorage.Kind) -> String {
    "--store \(store.shellQuoted)" + (kind == .fileSystem ? "" : " --store-kind \(kind.name)")
  }

  /// A short phrase for why a remote load failed, by the kind of failure every remote error of the library says.
  static func problem(with error: any Error, in language: AppLanguage = .current) -> String {
    if case .listDidNotEnd(let pages, let images) = error as? FeedPager.Error {
      return language.text("PROBLEM_LIST_CUT", language.number(pages), language.number(images))
    }
    return switch (error as? any RemoteError)?.failure {
    case .connectivity: language.text("PROBLEM_CONNECTIVITY")
    case .invalidData: language.text("PROBLEM_INVALID_DATA")
    case .unavailable(let status): language.text("PROBLEM_STATUS", String(status))
    case nil: sentence(for: error, in: language)
    }
  }
}

extension String {
  /// The string as one shell word, for a command the user can paste: as it is when it is plain, else in single
  /// quotes.
  var shellQuoted: String {
    let plain = !isEmpty && allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+=:,@".contains($0)) }
    return plain ? self : "'" + replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
