import ArgumentParser
import EssentialFeed
import EssentialFeedCache
import FeedTerminal
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The app's behaviour behind the command line, callable from tests.
enum FeedApp {
  /// Runs the feed: starts the embedded server unless the options name a server or say offline; returns the output.
  /// `progress` tells the pages and images as they come: the command line gives a terminal's
  /// (``ProgressLine/terminal(json:language:)``), none in a pipe or with `--json`.
  static func show(_ options: AppOptions, progress: ProgressLine? = nil) async throws -> String {
    let report = try await AppEnvironment.with(options, progress: progress) { environment in
      try await FeedRun(environment: environment).run(progress: progress)
    }
    return options.json
      ? try FeedReportRenderer.json(report) : FeedReportRenderer.text(report, language: options.language)
  }

  /// Runs Validate Feed Cache on every store of the cache directory and returns what it did.
  static func validateCache(_ options: AppOptions) async throws -> String {
    try await AppEnvironment.with(options, for: .validate) { environment in
      let composer = environment.composer
      let repairs = try await composer.storage.repair()  // first: the validations below then read whole files
      var report = try await CacheValidationReport(
        composer.localFeed.validateCache(), storePath: environment.storePath)
      report.repairs = repairs.isEmpty ? nil : repairs.map(RepairValidation.init)
      report.imageCache = await ImageCacheValidation.run(
        composer.storage, kind: options.storeKind, in: environment.directory)
      let storage = composer.storage
      let search = LocalFeedSearchLoader(store: storage.search, currentDate: composer.now)
      report.search = PartValidation(try await search.validateSearch())
      report.pages = PartValidation(try await LocalFeedPageLoader(store: storage.pages).validatePages())
      report.pendingLikes = try await PendingLikesValidation.run(
        composer.storage.pendingLikes, storePath: environment.storePath)
      guard options.json else { return report.text(in: options.language) }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      encoder.dateEncodingStrategy = .iso8601
      return String(decoding: try encoder.encode(report), as: UTF8.self)
    }
  }

  /// Runs `body`; an app, store or terminal error becomes one sentence on stderr and exit code 1, never a stack
  /// trace, nor a raw Swift value: ``FeedAppError/sentence(for:in:)``.
  static func reportingErrors(_ body: () async throws -> Void) async throws {
    do {
      try await body()
    } catch  where FeedAppError.isArgumentParserError(error) {
      throw error  // ArgumentParser words its own (an exit code, a usage error).
    } catch {
      try exit(saying: FeedAppError.sentence(for: error))
    }
  }

  private static func exit(saying message: String) throws -> Never {
    AppOutput.printError("error: \(TerminalText.line(message))")
    throw ExitCode(1)
  }
}
