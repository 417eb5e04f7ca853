import ArgumentParser
import EssentialFeedAPI
import EssentialFeedCache
import FeedDemoServer
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `feed`: the composed app. With no arguments it starts the embedded demo server and shows its feed.
public struct FeedCommand: AsyncParsableCommand {
  /// The command's name, help, and subcommands.
  public static let configuration = CommandConfiguration(
    commandName: "feed",
    abstract: "Shows the feed, composed from the EssentialFeed use cases: remote, cached, or both.",
    discussion: """
      With no options, starts an embedded demo feed server on 127.0.0.1 and shows its feed. The feed is saved to \
      the cache, and images are loaded from the cache first, then the server. With --offline, everything comes \
      from the cache. The cache lives in $XDG_CACHE_HOME/essential-feed, or ~/.cache/essential-feed.
      """,
    subcommands: [Show.self, ValidateCache.self, Serve.self],
    defaultSubcommand: Show.self
  )

  /// Creates the command; ArgumentParser fills in its options.
  public init() {}
}

/// Options every subcommand shares.
struct CommonOptions: ParsableArguments {
  @Option(
    name: .long, help: "The cache directory (default: $XDG_CACHE_HOME/essential-feed or ~/.cache/essential-feed).")
  var store: String?

  @Option(
    name: .long, help: "The cache's store: filesystem (a directory of files, the default) or sqlite (one database).")
  var storeKind: StoreKind = .filesystem

  @Flag(name: .long, help: "Print machine-readable JSON instead of text.")
  var json = false
}

/// Which store keeps the app's cache.
enum StoreKind: String, ExpressibleByArgument, CaseIterable, Sendable {
  case filesystem
  case sqlite
}

extension FeedCommand {
  /// Shows the feed (the default subcommand).
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show", abstract: "Shows the feed and loads every image (the default).")

    @Option(name: .long, help: "Talk to a server with the feed API at this base URL instead of the embedded one.")
    var url: String?

    @Flag(name: .long, help: "Use no network: the feed and images come from the cache.")
    var offline = false

    @Option(name: .long, help: "The longest one request may take, in seconds, before the cache is used instead.")
    var timeout: Double = NetworkLimits.defaultTimeout

    @Option(name: .long, help: "The largest answer accepted from the server, in bytes (32 MiB).")
    var maxResponseBytes: Int = URLSessionHTTPClient.defaultMaximumBodySize

    @OptionGroup var options: CommonOptions

    func validate() throws {
      if offline, url != nil { throw ValidationError("--offline and --url cannot be used together.") }
      if let url, AbsoluteHTTPURL.parse(url) == nil { throw ValidationError(FeedAppError.invalidURL(url).description) }
      guard timeout > 0, timeout.isFinite else {
        throw ValidationError("--timeout must be a positive number of seconds.")
      }
      guard maxResponseBytes > 0 else { throw ValidationError("--max-response-bytes must be positive.") }
    }

    func run() async throws {
      try await FeedApp.reportingErrors {
        let output = try await FeedApp.show(
          url: url, offline: offline, store: options.store, storeKind: options.storeKind, json: options.json,
          limits: NetworkLimits(timeout: timeout, maximumResponseBytes: maxResponseBytes))
        print(output)
      }
    }
  }

  /// Validates the cache: deletes it when expired or unreadable.
  struct ValidateCache: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "validate-cache", abstract: "Deletes the cache if it is expired or unreadable, and says what it did."
    )

    @OptionGroup var options: CommonOptions

    func run() async throws {
      try await FeedApp.reportingErrors {
        print(try await FeedApp.validateCache(store: options.store, storeKind: options.storeKind, json: options.json))
      }
    }
  }
}
