import ArgumentParser
import Foundation

extension FeedCommand {
  /// Scrolls the whole feed through a bounded window and reports what it cost.
  struct Browse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "browse",
      abstract: "Scrolls the whole feed to its end and back through a window of bounded size, and reports the cost.",
      discussion: """
        Pages going down come from the server and are kept in the page store (feed.sqlite in the cache \
        directory); pages going back up come from the page store only. The report says how many images were \
        visited, the most held at once, requests for rows already seen (0 with a server that honours after_id), \
        the time per page and the peak memory.
        """)

    @Option(name: .long, help: "The most images held at once (1 to 100000).")
    var window = 300

    @Option(name: .long, help: "Images per page (1 to 1000, and at most --window).")
    var pageSize = 30

    @Option(name: .long, help: "How many images the embedded demo server has (0 to 10000000; not with --url).")
    var items: Int?

    @OptionGroup var network: NetworkOptions

    @Option(
      name: .long, help: "The cache directory (default: $XDG_CACHE_HOME/essential-feed or ~/.cache/essential-feed).")
    var store: String?

    @Flag(name: .long, help: "Print machine-readable JSON instead of text.")
    var json = false

    func validate() throws {
      guard (1...100_000).contains(window) else { throw ValidationError("--window must be from 1 to 100000.") }
      guard (1...1_000).contains(pageSize), pageSize <= window else {
        throw ValidationError("--page-size must be from 1 to 1000, and at most --window.")
      }
      if let items, !(0...10_000_000).contains(items) {
        throw ValidationError("--items must be from 0 to 10000000.")
      }
      if items != nil, network.url != nil {
        throw ValidationError("--items sets the embedded server's feed; with --url the server decides.")
      }
      if network.offline { throw ValidationError("browse scrolls a server's feed; --offline cannot be used.") }
    }

    func run() async throws {
      try await FeedApp.reportingErrors {
        print(
          try await FeedApp.browse(
            url: network.url, items: items ?? 10_000, window: window, pageSize: pageSize, store: store, json: json,
            limits: network.limits))
      }
    }
  }
}
