import EssentialFeed
import EssentialFeedAPI
import EssentialFeedSQLite
import FeedDemoServer
import Foundation

/// Everything a command works with, made once from its options: the cache directory, the server (the user's, the
/// embedded demo server, or none offline) for as long as the command runs, and the parts ``FeedComposer`` composes,
/// with the report's recorders around their sources.
struct AppEnvironment: Sendable {
  /// What a command does with the cache directory and the server.
  enum Use: Sendable {
    /// Shows the feed, a search or a detail: a server unless offline; offline only reads the directory.
    case load
    /// Likes: the directory is written even offline, where a like waits to be sent.
    case like
    /// Browses: always a server, without a URL the embedded one with `items` images; the directory is written.
    case browse(items: Int)
    /// Validates the stores: no server, and a directory that is not there is never created.
    case validate

    /// A browse keeps no report (its screens say where each result came from as it comes), only why the last page
    /// failed.
    var isBrowse: Bool {
      if case .browse = self { true } else { false }
    }
  }

  let options: AppOptions
  let directory: URL
  let server: URL?
  let isEmbeddedServer: Bool
  /// Where each result came from and why a request failed, recorded around the composed sources (not for a browse).
  let recorder: OriginRecorder
  let composer: FeedComposer

  var storePath: String { directory.path(percentEncoded: false) }

  /// Makes the environment for `options`, runs `body` with it, then saves the image cache's order of use and stops
  /// the embedded server, whatever `body` does. Each page a request answers is told to `progress`, which is cleared
  /// at the end.
  ///
  /// - Throws: ``FeedAppError`` for an unusable directory or a bad URL, before any work; else `body`'s error.
  static func with<T>(
    _ options: AppOptions, for use: Use = .load, progress: ProgressLine? = nil,
    isolation: isolated (any Actor)? = #isolation, _ body: (AppEnvironment) async throws -> T
  ) async throws -> T {
    defer { progress?.finish() }
    let directory = try CacheDirectory.resolve(options.store)
    switch use {
    case .load where options.offline: try CacheDirectory.prepareForReading(directory)  // a read-only store is read
    case .load, .like, .browse: try CacheDirectory.prepare(directory)
    case .validate: try CacheDirectory.prepareForReading(directory)  // never created, but a file there is said
    }
    var embedded: LoopbackHTTPServer?
    var server: URL?
    switch (options.url, use) {
    case (_, .validate): break
    case (_, .load) where options.offline, (_, .like) where options.offline: break  // offline asks no server
    case (let url?, _):
      guard let base = AbsoluteHTTPURL.parse(url) else { throw FeedAppError.invalidURL(url) }
      server = base
    case (nil, .browse(let items)):
      embedded = try await DemoFeedServer.start(
        feed: DemoFeed(count: items), images: .mixed, imageBaseURL: DemoFeedServer.stableImageBaseURL(for: .mixed))
    case (nil, .load), (nil, .like):  // small greymaps: only counted
      embedded = try await DemoFeedServer.start(
        feed: options.embeddedItems.map { DemoFeed(count: $0) } ?? DemoFeed(),
        imageBaseURL: DemoFeedServer.stableImageBaseURL(for: .pgm))
    }
    server = server ?? embedded?.baseURL
    let recorder = OriginRecorder()
    let environment = AppEnvironment(
      options: options, directory: directory, server: server, isEmbeddedServer: embedded != nil, recorder: recorder,
      composer: FeedComposer(
        server: server,
        client: ChangeAnswerRecorder(
          decoratee: options.limits.makeClient(), record: { recorder.recordChangeAnswerFailure($0, $1) }),
        storage: options.storeKind.storage(in: directory, imageLimits: options.imageLimits, currentDate: options.now),
        imageRequests: options.limits.imageRequests, now: options.now,
        decorators: (use.isBrowse ? recorder.answerDecorators : recorder.decorators).telling(progress)
          .mappingEmbeddedImages(to: embedded?.baseURL)))
    do {
      let result = try await body(environment)
      await environment.finish(stopping: embedded, noting: use)
      return result
    } catch {
      await environment.finish(stopping: embedded, noting: use)
      throw error
    }
  }

  /// Why the image cache cannot be read, if it cannot: reading its size opens it, as any load would.
  /// Whether it is busy: another process holds it, so it is in use, not damaged. Whether it healed: a damaged image
  /// cache repairs itself when this run meets the damage, and the run says so once: this run's saves and its order of
  /// use are written first, so damage they meet is healed, and said, in this run.
  func imageCacheProblem() async -> (problem: String, busy: Bool, healed: Bool)? {
    await composer.imageSaves?.waitUntilSaved()
    if composer.imageSaves?.hasFailed != true { try? await composer.storage.images.flush() }
    do {
      _ = try await composer.storage.images.storedImageDataSize()
      let path = directory.appending(path: options.storeKind.imageCacheFile).path(percentEncoded: false)
      guard let repair = await composer.storage.repairsMade().last(where: { $0.file == path }) else { return nil }
      return (ImageCacheHealing.sentence(for: repair, in: options.language), false, true)
    } catch {
      return (FeedAppError.sentence(for: error), (error as? SQLiteError)?.isBusy == true, false)
    }
  }

  /// Waits for the downloaded images still waiting to be saved, saves the image cache's order of use (a limited cache
  /// would otherwise save this run's reads only with its next write; nothing is lost when it fails, the order is then
  /// less exact), closes the databases, and stops the embedded server. A cache whose save failed (busy past its
  /// timeout) is not asked again.
  private func finish(stopping embedded: LoopbackHTTPServer?, noting use: Use) async {
    await composer.imageSaves?.waitUntilSaved()
    if composer.imageSaves?.hasFailed != true {
      try? await composer.storage.images.flush()  // nothing to do, and nothing opened, when no image was read
    }
    if case .validate = use {} else { await noteRepairs() }
    await composer.storage.close()  // no I/O is left to the stores' release
    await embedded?.stop()
  }
}

extension AppEnvironment {
  /// Says on stderr what the command's operations repaired in the store's files (a damaged page they met: the file
  /// rebuilt from what could be read, the damaged one set aside), so a loss is never silent; the image cache, a cache,
  /// is said by the feed's own report (`imageCacheProblem`). `validate-cache` says its repairs in its output.
  private func noteRepairs() async {
    let images = directory.appending(path: options.storeKind.imageCacheFile).path(percentEncoded: false)
    for repair in await composer.storage.repairsMade() where repair.file != images {
      AppOutput.printError("note: " + RepairValidation(repair).text(in: options.language))
    }
  }
}
