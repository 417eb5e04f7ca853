import ArgumentParser
import Foundation

extension FeedCommand {
  /// Searches the feed for a keyword.
  struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "search",
      abstract: "Searches the feed by keyword, in pages of 30; offline, the last search cached or the cached feed.")

    @Argument(help: "The keyword: matched in descriptions and locations, ignoring case.")
    var keyword: String

    @Option(name: .long, parsing: .unconditional, help: "How many pages of results to load (1 to 1000).")
    var pages = 1

    @OptionGroup var server: ServerOptions

    @OptionGroup var network: NetworkOptions

    @OptionGroup var options: CommonOptions

    @OptionGroup var imageCache: ImageCacheOptions

    func validate() throws {
      try network.validate(with: server)
      guard !keyword.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
        throw OptionProblem.emptyKeyword.error()
      }
      guard (1...1_000).contains(pages) else {
        throw OptionProblem.outOfRange(option: "--pages", low: "1", high: "1000").error()
      }
    }

    func run() async throws {
      try await FeedApp.reportingErrors {
        let options = AppOptions(server: server, network: network, common: options, imageCache: imageCache)
        let progress = ProgressLine.terminal(json: options.json, language: options.language)
        try AppOutput.print(
          try await FeedApp.search(keyword, pages: pages, options, progress: progress), json: options.json)
      }
    }
  }
}
