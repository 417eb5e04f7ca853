import ArgumentParser
import EssentialFeedAPI
import Foundation

/// Which server and how to talk to it, for every subcommand that asks one: `show`, `search`, the likes and `browse`.
struct ServerOptions: ParsableArguments {
  @Option(name: .long, help: "Talk to a server with the feed API at this base URL instead of the embedded one.")
  var url: String?

  // Unconditional: `--timeout -1` is a value to refuse with its own message, not a missing one.
  @Option(
    name: .long, parsing: .unconditional,
    help: "The longest one request may take, in seconds, before the cache is used instead.")
  var timeout: Double = NetworkLimits.defaultTimeout

  @Option(name: .long, parsing: .unconditional, help: "The largest answer accepted from the server, in bytes (32 MiB).")
  var maxResponseBytes: Int = URLSessionHTTPClient.defaultMaximumBodySize

  @Option(
    name: .long, parsing: .unconditional,
    help: "How many image requests may be open at once (6); the others wait their turn, their timeout not running.")
  var imageRequests = NetworkLimits.defaultImageRequests

  var limits: NetworkLimits {
    NetworkLimits(timeout: timeout, maximumResponseBytes: maxResponseBytes, imageRequests: imageRequests)
  }

  func validate() throws {
    if let url, AbsoluteHTTPURL.parse(url) == nil { throw ValidationError(FeedAppError.invalidURL(url).description) }
    guard timeout > 0, timeout.isFinite else {
      throw OptionProblem.notPositiveSeconds(option: "--timeout").error()
    }
    guard maxResponseBytes > 0 else { throw OptionProblem.notPositive(option: "--max-response-bytes").error() }
    guard (1...64).contains(imageRequests) else {
      throw OptionProblem.outOfRange(option: "--image-requests", low: "1", high: "64").error()
    }
  }

  /// Checks a command's `--items`, the embedded demo server's feed size: 0 to 10,000,000, and never with `--url`,
  /// where the server decides (`feed show`, `feed browse`).
  func validate(embeddedItems items: Int?) throws {
    guard let items else { return }
    guard (0...10_000_000).contains(items) else {
      throw OptionProblem.outOfRange(option: "--items", low: "0", high: "10000000").error()
    }
    if url != nil { throw OptionProblem.itemsWithURL.error() }
  }
}

/// Where the feed comes from, for the subcommands that can also run on the cache alone: `show`, `search` and the
/// likes, which take it beside ``ServerOptions`` (`browse` takes ``ServerOptions`` alone: it always scrolls a server's
/// feed, so it offers no `--offline`).
///
/// Beside, not inside: swift-argument-parser checks a command's option groups in debug builds by building each group's
/// arguments again for each of its checks, nested groups within each, so every level of nesting multiplied the parse's
/// cost (a `feed like` spent 0.09 s of CPU parsing in the debug build the tests spawn, 0.02 s with the groups side by
/// side).
struct NetworkOptions: ParsableArguments {
  @Flag(name: .long, help: "Use no network: everything comes from the cache.")
  var offline = false

  /// Throws when `--offline` comes with a server's URL: the command's `validate()` calls it first.
  func validate(with server: ServerOptions) throws {
    if offline, server.url != nil { throw OptionProblem.offlineWithURL.error() }
  }
}
