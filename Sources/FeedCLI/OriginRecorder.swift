import EssentialFeed
import Foundation
import Synchronization

/// Where each result of a run came from, recorded by decorators around each source, for the summary.
final class OriginRecorder: Sendable {
  enum Origin: String, Sendable, Codable {
    case cache
    case server
  }

  private struct State {
    var feed: Origin?
    var remoteFeedError: (any Error)?
    var saveError: (any Error)?
    var images: [URL: Origin] = [:]
    var imageFailures: [URL: AnswerFailure] = [:]
    var feedAnswerFailure: AnswerFailure?
    /// Why the last request for each resource failed (by its URL without the query), while it still fails.
    var answerFailures: [URL: AnswerFailure] = [:]
  }

  private let state = Mutex(State())

  var feedOrigin: Origin? { state.withLock { $0.feed } }
  var remoteFeedError: (any Error)? { state.withLock { $0.remoteFeedError } }
  var saveError: (any Error)? { state.withLock { $0.saveError } }
  func imageOrigin(for url: URL) -> Origin? { state.withLock { $0.images[url] } }
  func imageFailure(for url: URL) -> AnswerFailure? { state.withLock { $0.imageFailures[url] } }
  /// Why the last request for a page (of the feed, a search, the window) or for comments failed, when one did.
  var feedAnswerFailure: AnswerFailure? { state.withLock { $0.feedAnswerFailure } }

  /// Why a request for a page or comments failed, in `language`: what the last answer was, else the error's kind.
  func problem(with error: any Error, in language: AppLanguage) -> String {
    feedAnswerFailure?.text(in: language, for: .page) ?? FeedAppError.problem(with: error, in: language)
  }
  func recordFeedAnswerFailure(_ url: URL, _ failure: AnswerFailure?) {
    state.withLock { state in
      state.feedAnswerFailure = failure
      state.answerFailures[Self.resource(url)] = failure
    }
  }

  /// Records why a request that changes something (a like's PUT or DELETE) failed, for its resource alone.
  func recordChangeAnswerFailure(_ url: URL, _ failure: AnswerFailure?) {
    state.withLock { $0.answerFailures[Self.resource(url)] = failure }
  }

  /// Why the last request for the resource at `url` (its query aside: a list's pages are one resource) failed, while
  /// it still fails; one resource's answer, whatever other requests got since.
  func answerFailure(at url: URL) -> AnswerFailure? { state.withLock { $0.answerFailures[Self.resource(url)] } }

  private static func resource(_ url: URL) -> URL {
    guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
    parts.query = nil
    return parts.url ?? url
  }

  func recordFeed(from origin: Origin) { state.withLock { $0.feed = origin } }
  func recordRemoteFeedError(_ error: any Error) { state.withLock { $0.remoteFeedError = error } }
  func recordSaveError(_ error: any Error) { state.withLock { $0.saveError = error } }
  func recordImage(_ url: URL, from origin: Origin) { state.withLock { $0.images[url] = origin } }
  func recordImageFailure(_ url: URL, _ failure: AnswerFailure?) { state.withLock { $0.imageFailures[url] = failure } }
}

/// Records that `decoratee` delivered the feed, or how the remote failed.
struct RecordingFeedLoader: FeedLoader {
  let decoratee: any FeedLoader
  let origin: OriginRecorder.Origin
  let recorder: OriginRecorder

  func load() async throws -> [FeedImage] {
    do {
      let feed = try await decoratee.load()
      recorder.recordFeed(from: origin)
      return feed
    } catch {
      if origin == .server { recorder.recordRemoteFeedError(error) }
      throw error
    }
  }
}

/// Records that `decoratee` delivered an image's data.
struct RecordingImageDataLoader: FeedImageDataLoader {
  let decoratee: any FeedImageDataLoader
  let origin: OriginRecorder.Origin
  let recorder: OriginRecorder

  func loadImageData(from url: URL) async throws -> Data {
    let data = try await decoratee.loadImageData(from: url)
    recorder.recordImage(url, from: origin)
    return data
  }
}

/// Records why saving the feed to the cache failed, which the caching decorator never lets fail the load.
struct RecordingFeedCache: FeedCache {
  let decoratee: any FeedCache
  let recorder: OriginRecorder

  func save(_ feed: [FeedImage]) async throws {
    do {
      try await decoratee.save(feed)
    } catch {
      recorder.recordSaveError(error)
      throw error
    }
  }
}

extension OriginRecorder {
  /// The decorators of a run that keeps no report: only why the last request for a page or comments failed.
  var answerDecorators: FeedComposer.Decorators {
    FeedComposer.Decorators(feedClient: { AnswerRecorder(decoratee: $0) { self.recordFeedAnswerFailure($0, $1) } })
  }

  /// The composer's decorators that record into this recorder: where the feed, the search and each image came from,
  /// why each request failed, and why a save failed.
  var decorators: FeedComposer.Decorators {
    FeedComposer.Decorators(
      feedClient: { AnswerRecorder(decoratee: $0) { self.recordFeedAnswerFailure($0, $1) } },
      imageClient: { AnswerRecorder(decoratee: $0) { self.recordImageFailure($0, $1) } },
      remoteFeed: { RecordingFeedLoader(decoratee: $0, origin: .server, recorder: self) },
      cachedFeed: { RecordingFeedLoader(decoratee: $0, origin: .cache, recorder: self) },
      feedCache: { RecordingFeedCache(decoratee: $0, recorder: self) },
      remoteImages: { RecordingImageDataLoader(decoratee: $0, origin: .server, recorder: self) },
      cachedImages: { RecordingImageDataLoader(decoratee: $0, origin: .cache, recorder: self) },
      remoteSearch: { remote in
        { keyword in
          do {
            let first = try await remote(keyword)
            self.recordFeed(from: .server)
            return first
          } catch {
            self.recordRemoteFeedError(error)
            throw error
          }
        }
      })
  }
}
