import EssentialFeedAPI
import EssentialFeedCache
import Foundation

/// What can stop the app, each said in one sentence for stderr.
enum FeedAppError: Error, CustomStringConvertible, Equatable {
  /// Neither the server nor the cache had a feed.
  case noFeed(server: URL?, serverProblem: String?, store: String)
  /// The cache could not be read, and the server (if any) could not replace it.
  case unreadableCache(String, serverProblem: String?)
  /// The cache directory cannot be created or written.
  case unusableStore(path: String, reason: String)
  /// `--url` is not an absolute http(s) URL.
  case invalidURL(String)
  /// `--store` was given an empty path.
  case emptyStorePath

  var description: String {
    switch self {
    case .noFeed(let server?, let problem, let store):
      "Could not load the feed from \(server.absoluteString) (\(problem ?? "unknown error")), "
        + "and there is no valid cached feed in \(store)."
    case .noFeed(nil, _, let store):
      "There is no valid cached feed in \(store); run `feed` online first."
    case .unreadableCache(let reason, let problem?):
      "Could not load the feed from the server (\(problem)), and the cache is unreadable: \(reason) "
        + "Run `feed validate-cache` to delete it."
    case .unreadableCache(let reason, nil):
      "The cache is unreadable: \(reason) Run `feed validate-cache` to delete it, or run online to replace it."
    case .unusableStore(let path, let reason):
      "Cannot use \(path) as the cache directory: \(reason)."
    case .emptyStorePath:
      "--store needs a directory path; an empty one would put the cache in the current directory."
    case .invalidURL(let string):
      "--url must be an absolute http or https URL, such as http://127.0.0.1:8080; got '\(string)'."
    }
  }

  /// A short phrase for why a remote load failed.
  static func problem(with error: any Error) -> String {
    switch error {
    case RemoteFeedLoader.Error.connectivity: "the server could not be reached"
    case RemoteFeedLoader.Error.invalidData: "the server's response was not a valid feed"
    default: "\(error)"
    }
  }
}
