import EssentialFeed
import EssentialFeedAPI
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension FeedAppError {
  /// The modules whose errors carry their sentence as their `description`.
  private static let modulesWithSentences = [
    "EssentialFeed", "EssentialFeedAPI", "EssentialFeedCache", "EssentialFeedSQLite", "FeedCLI", "FeedTerminal",
    "FeedImages", "FeedDemoServer",
  ]

  /// Any error as a sentence in `language`, never as a raw Swift value ("CancellationError()", "Error
  /// Domain=NSURLErrorDomain …"): the app's own and the libraries' errors say their sentence; a cancel, a timeout and
  /// a transport failure are worded; anything else is an unknown error named by its type.
  static func sentence(for error: any Error, in language: AppLanguage = .current) -> String {
    switch error {
    case let error as FeedAppError: return error.description(in: language)
    case is CancellationError: return language.text("ERROR_CANCELLED")
    case let error as URLError where error.code == .cancelled: return sentence(for: CancellationError(), in: language)
    case let error as URLError: return AnswerFailure(transportError: error).text(in: language, for: .page)
    case let error as CocoaError: return error.localizedDescription
    case let error as FeedPager.Error: return problem(with: error, in: language)
    case let error as any RemoteError: return problem(with: error, in: language)
    default: break
    }
    if let description = (error as? any LocalizedError)?.errorDescription { return description }
    let type = String(reflecting: Swift.type(of: error))
    let module = type.prefix { $0 != "." }
    if modulesWithSentences.contains(String(module)) { return String(describing: error) }
    let name = type.split(separator: ".").last.map(String.init) ?? type
    return language.text("UNKNOWN_ERROR") + " (\(name))"
  }

  /// Whether ArgumentParser made `error` (a usage error, an exit code, help), which it words itself.
  static func isArgumentParserError(_ error: any Error) -> Bool {
    String(reflecting: Swift.type(of: error)).hasPrefix("ArgumentParser.")
  }
}
