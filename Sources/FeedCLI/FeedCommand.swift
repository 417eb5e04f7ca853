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
    version: FeedVersion.current,
    subcommands: [
      Show.self, Search.self, Browse.self, Like.self, Discard.self, Likes.self, Sync.self, ValidateCache.self,
      Serve.self,
    ],
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
  var storeKind: FeedStorage.Kind = .fileSystem

  @Flag(name: .long, help: "Print machine-readable JSON instead of text.")
  var json = false
}

extension FeedStorage.Kind: ExpressibleByArgument {
  /// The kind named `argument`, one of ``FeedStorage/Kind/persistent``.
  public init?(argument: String) {
    guard let kind = Self.persistent.first(where: { $0.name == argument }) else { return nil }
    self = kind
  }

  /// The names of ``FeedStorage/Kind/persistent``, for the help and the completion scripts.
  public static var allValueStrings: [String] { persistent.map(\.name) }
}

extension FeedCommand {
  /// Shows the feed (the default subcommand).
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show", abstract: "Shows the feed and loads every image (the default).")

    @Argument(help: "An image's id: shows that image's detail and comments instead of the feed.")
    var imageID: String?

    @OptionGroup var server: ServerOptions

    @OptionGroup var network: NetworkOptions

    @OptionGroup var options: CommonOptions

    @OptionGroup var imageCache: ImageCacheOptions

    @Option(
      name: .long, parsing: .unconditional,
      help: "The most pages of the feed loaded (1 to 1000000): a feed still going there is cut, said, and not cached.")
    var maxPages = FeedComposer.defaultMaximumPages

    @Option(
      name: .long, parsing: .unconditional,
      help: "How many images the embedded demo server's feed has (64; 0 to 10000000); not with --url.")
    var items: Int?

    func validate() throws {
      try network.validate(with: server)
      guard (1...1_000_000).contains(maxPages) else {
        throw OptionProblem.outOfRange(option: "--max-pages", low: "1", high: "1000000").error()
      }
      try server.validate(embeddedItems: items)
      guard let imageID, UUID(uuidString: imageID) == nil else { return }
      let commands = FeedCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
      if let command = CommandSuggestion.nearest(to: imageID, in: commands) {
        throw ValidationError(AppLanguage.current.text("ERROR_UNKNOWN_COMMAND", imageID, command))
      }
      throw ValidationError(AppLanguage.current.text("ERROR_NOT_AN_ID", imageID))
    }

    func run() async throws {
      try await FeedApp.reportingErrors {
        let options = AppOptions(
          server: server, network: network, common: options, imageCache: imageCache, maximumPages: maxPages,
          embeddedItems: items)
        if let id = imageID.flatMap(UUID.init(uuidString:)) {
          try AppOutput.print(try await FeedApp.detail(id, options), json: options.json)
          return
        }
        let progress = ProgressLine.terminal(json: options.json, language: options.language)
        try AppOutput.print(try await FeedApp.show(options, progress: progress), json: options.json)
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
        try AppOutput.print(try await FeedApp.validateCache(AppOptions(common: options)), json: options.json)
      }
    }
  }
}
