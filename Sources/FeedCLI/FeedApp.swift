import ArgumentParser
import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import EssentialFeedSQLite
import FeedDemoServer
import FeedTerminal
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The app's behaviour behind the command line, callable from tests.
enum FeedApp {
  /// Runs the feed: starts the embedded server unless `url` or `offline` say otherwise, and returns the output.
  static func show(
    url: String?, offline: Bool, store: String?, storeKind: StoreKind = .filesystem, json: Bool,
    limits: NetworkLimits = NetworkLimits(), imageLimits: ImageCacheLimits = .app, language: AppLanguage = .current,
    now: @escaping @Sendable () -> Date = Date.init,
    progress: @escaping @Sendable (Int, Int) -> Void = FeedApp.terminalProgress
  ) async throws -> String {
    let report = try await run(url: url, offline: offline, store: store, language: language) { server, directory in
      AppLoaders(
        baseURL: server, client: limits.makeClient(), store: AppStores(storeKind, in: directory).main,
        images: AppStores.images(in: directory, limits: imageLimits, now: now), now: now)
    } progress: {
      progress($0, $1)
    } then: { report, _ in
      report
    }
    return json ? try FeedReportRenderer.json(report) : FeedReportRenderer.text(report, language: language)
  }

  /// Resolves and prepares the store directory, starts the embedded server unless `url` or `offline` say
  /// otherwise, and runs the loaders `compose` makes, then `then` with the report while the server still runs;
  /// the embedded server is stopped whatever happens.
  static func run<Result>(
    url: String?, offline: Bool, store: String?, language: AppLanguage,
    compose: (_ server: URL?, _ directory: URL) -> AppLoaders,
    progress: @escaping @Sendable (Int, Int) -> Void,
    then: (FeedReport, _ server: URL?) async throws -> Result
  ) async throws -> Result {
    let directory = try CacheDirectory.resolve(store)
    if offline {
      try CacheDirectory.prepareForReading(directory)  // a read-only store can still be read
    } else {
      try CacheDirectory.prepare(directory)
    }
    var embedded: LoopbackHTTPServer?
    let server: URL?
    if offline {
      server = nil
    } else if let url {
      guard let base = AbsoluteHTTPURL.parse(url) else { throw FeedAppError.invalidURL(url) }
      server = base
    } else {
      let demo = try await DemoFeedServer.start()  // the server `feed serve` runs
      embedded = demo
      server = demo.baseURL
    }
    let loaders = compose(server, directory)
    let run = FeedRun(
      loaders: loaders, server: server, embeddedServer: embedded != nil,
      storePath: directory.path(percentEncoded: false), language: language)
    do {
      let result = try await then(try await run.run(progress: progress), server)
      await loaders.flush()
      await embedded?.stop()
      return result
    } catch {
      await loaders.flush()
      await embedded?.stop()
      throw error
    }
  }

  /// Runs Validate Feed Cache on the store and returns what it did.
  static func validateCache(
    store: String?, storeKind: StoreKind = .filesystem, json: Bool, language: AppLanguage = .current,
    now: @escaping @Sendable () -> Date = Date.init
  ) async throws -> String {
    let directory = try CacheDirectory.resolve(store)
    let store = AppStores(storeKind, in: directory).main
    var report = try await CacheValidation.run(store: store, storePath: directory.path(percentEncoded: false), now: now)
    report.imageCache = await ImageCacheValidation.run(in: directory)
    report.search = try await PartValidation.search(in: store)
    report.pages = try await PartValidation.pages(in: directory)
    report.pendingLikes = try await PendingLikesValidation.run(store, storePath: directory.path(percentEncoded: false))
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      encoder.dateEncodingStrategy = .iso8601
      return String(decoding: try encoder.encode(report), as: UTF8.self)
    }
    return report.text(in: language)
  }

  /// Prints a progress line on stderr while images load, when stderr is a terminal.
  static let terminalProgress: @Sendable (Int, Int) -> Void = { loaded, total in
    guard isatty(STDERR_FILENO) == 1 else { return }
    let line = loaded < total ? "\rLoading images \(loaded)/\(total)…" : "\r\u{1B}[2K"
    FileHandle.standardError.write(Data(line.utf8))
  }

  /// Runs `body`; an app or store error becomes one sentence on stderr and exit code 1, never a stack trace.
  static func reportingErrors(_ body: () async throws -> Void) async throws {
    do {
      try await body()
    } catch let error as FeedAppError {
      try exit(saying: error.description)
    } catch let error as FileFeedStoreError {
      try exit(saying: error.description)
    } catch let error as SQLiteError {
      try exit(saying: error.description)
    } catch let error as CocoaError {
      try exit(saying: error.localizedDescription)
    } catch let error as TerminalError {
      try exit(saying: error.description)
    }
  }

  private static func exit(saying message: String) throws -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    throw ExitCode(1)
  }
}
