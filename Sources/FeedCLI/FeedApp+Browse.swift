import EssentialFeed
import EssentialFeedAPI
import EssentialFeedCache
import Foundation
import Synchronization

extension FeedApp {
  /// Scrolls the whole feed to its end and back to its start through a ``FeedWindow`` of `window` images, over the
  /// page store in the cache directory, and reports what it did. Without `options.url`, scrolls an embedded demo
  /// server of `items` images. A server's list that has not ended after `maxPages` pages (by default 100,000 for a server at
  /// `options.url`; the embedded server's list ends) is an error, and its rows are deleted from the page store.
  static func browse(
    _ options: AppOptions, items: Int = 10_000, window: Int, pageLimit: Int, maxPages: Int? = nil
  ) async throws -> String {
    let report = try await AppEnvironment.with(options, for: .browse(items: items)) { environment in
      let list = BrowsePageList(claiming: environment.composer.storage.pages, in: environment.directory)
      defer { withExtendedLifetime(list) {} }  // held until the scroll ends
      return try await scroll(
        environment.composer, pageStore: list.store, capacity: window, pageLimit: pageLimit,
        maximumPages: maxPages ?? (environment.isEmbeddedServer ? .max : 100_000),
        problem: { environment.recorder.problem(with: $0, in: options.language) })
    }
    return options.json ? try report.json() : report.text(in: options.language)
  }

  /// Scrolls down to the end of the list (at most `maximumPages` pages), then up to its start, timing each
  /// direction.
  static func scroll(
    _ composer: FeedComposer, pageStore: (any FeedPageStore)? = nil, capacity: Int, pageLimit: Int,
    maximumPages: Int = .max, problem: (any Error) -> String = { FeedAppError.problem(with: $0) }
  ) async throws -> BrowseReport {
    let cursors = CursorLog()
    let window = composer.window(capacity: capacity, pageLimit: pageLimit, pageStore: pageStore) { remote in
      { last in
        cursors.requested(after: last?.id)
        let page = try await remote(last)
        cursors.received(page)
        return page
      }
    }
    let clock = ContinuousClock()
    var start = clock.now
    var current = try await retrying(at: 0, problem: problem) { try await window.reload() }
    var down = 1
    while let loadMore = current.loadMore {
      guard down < maximumPages else {
        // The rows of a list that never ended are no list to keep: they would stay, up to the bound's millions.
        try? await (pageStore ?? composer.storage.pages).deletePages()
        throw FeedAppError.endlessList(pages: down)
      }
      current = try await retrying(at: current.endIndex, problem: problem) { try await loadMore() }
      down += 1
    }
    let downTime = clock.now - start
    var report = BrowseReport(visited: current.endIndex, window: capacity)
    start = clock.now
    var up = 0
    while let loadPrevious = current.loadPrevious {
      current = try await loadPrevious()
      up += 1
    }
    let upTime = clock.now - start
    let statistics = await window.statistics
    report.mostHeld = statistics.mostImagesHeld
    report.serverPages = statistics.remotePages
    report.storePages = statistics.localPages
    report.requestsForRowsSeen = cursors.requestsBehindTheEnd
    report.rowsSentAgain = statistics.rowsFetchedAgain
    report.msPerPageDown = downTime.milliseconds / Double(down)
    report.msPerPageUp = up > 0 ? upTime.milliseconds / Double(up) : 0
    report.peakMemoryBytes = BrowseReport.peakMemory()
    return report
  }

  /// Runs `load`, trying twice more when it fails (a server failing a fraction of requests), then gives up with an
  /// error that says where.
  private static func retrying(
    at position: Int, problem: (any Error) -> String, _ load: () async throws -> Paginated<FeedImage>
  ) async throws -> Paginated<FeedImage> {
    var lastError: any Error = CancellationError()
    for _ in 0..<3 {
      do {
        return try await load()
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        lastError = error
      }
    }
    // Only a remote error is the server's; anything else failed here, in the page store.
    guard lastError is any RemoteError else {
      throw FeedAppError.browseStoreFailed(at: position, problem: problem(lastError))
    }
    throw FeedAppError.browseFailed(at: position, problem: problem(lastError))
  }
}

/// Checks each request's cursor against the end of what the server already sent: a request after any other row
/// asks for rows already seen.
private final class CursorLog: Sendable {
  private let state = Mutex<(end: UUID?, behind: Int)>((nil, 0))

  var requestsBehindTheEnd: Int { state.withLock { $0.behind } }

  func requested(after cursor: UUID?) {
    state.withLock { if cursor != $0.end { $0.behind += 1 } }
  }

  func received(_ page: [FeedImage]) {
    state.withLock { if let last = page.last { $0.end = last.id } }
  }
}

extension Duration {
  fileprivate var milliseconds: Double {
    Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
  }
}
