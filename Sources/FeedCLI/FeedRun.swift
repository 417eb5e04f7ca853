import EssentialFeed
import EssentialFeedCache
import Foundation

/// One run of the app: load the feed through the composed loaders, then every image, and report where each came
/// from.
struct FeedRun {
  let composer: FeedComposer
  let server: URL?
  let embeddedServer: Bool
  let storePath: String
  var maxConcurrentImageLoads = 8

  func run(progress: @Sendable (_ loaded: Int, _ total: Int) -> Void = { _, _ in }) async throws -> FeedReport {
    let recorder = composer.recorder
    let feed: [FeedImage]
    do {
      feed = try await composer.feedLoader.load()
    } catch let error as FileFeedStoreError {
      throw FeedAppError.unreadableCache(
        error.description, serverProblem: recorder.remoteFeedError.map(FeedAppError.problem))
    }
    let serverProblem = recorder.remoteFeedError.map(FeedAppError.problem)
    let source = recorder.feedOrigin ?? .cache
    if source == .cache, feed.isEmpty {
      throw FeedAppError.noFeed(server: server, serverProblem: serverProblem, store: storePath)
    }

    let images = await loadImages(for: feed, progress: progress)
    let entries = feed.map { image in
      let result = images[image.url]
      return FeedReport.Entry(
        id: image.id, description: image.description, location: image.location, url: image.url,
        imageBytes: try? result?.get().count,
        imageSource: recorder.imageOrigin(for: image.url),
        imageError: result.flatMap { if case .failure(let error) = $0 { "\(error)" } else { nil } }
      )
    }
    return FeedReport(
      server: server, embeddedServer: embeddedServer, store: storePath, feedSource: source,
      serverProblem: source == .cache ? serverProblem : nil, entries: entries)
  }

  /// Loads every image's data, at most `maxConcurrentImageLoads` at a time.
  private func loadImages(
    for feed: [FeedImage], progress: @Sendable (Int, Int) -> Void
  ) async -> [URL: Result<Data, any Error>] {
    let loader = composer.imageLoader
    var results: [URL: Result<Data, any Error>] = [:]
    await withTaskGroup(of: (URL, Result<Data, any Error>).self) { group in
      var pending = feed.map(\.url)[...]
      func startNext() {
        guard let url = pending.popFirst() else { return }
        group.addTask {
          do {
            return (url, .success(try await loader.loadImageData(from: url)))
          } catch {
            return (url, .failure(error))
          }
        }
      }
      for _ in 0..<maxConcurrentImageLoads { startNext() }
      for await (url, result) in group {
        results[url] = result
        progress(results.count, feed.count)
        startNext()
      }
    }
    return results
  }
}
