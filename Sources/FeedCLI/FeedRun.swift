import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation
import Synchronization

/// One run of the app: the ``FeedController`` drives the composed loaders as it would for any UI, and the terminal
/// is its view. The feed appears, then every item becomes visible (or only the one asked for), and the run reports
/// what the view showed and where each result came from.
struct FeedRun {
  let environment: AppEnvironment
  /// The feed to show: the composer's whole feed, or a search's results.
  var feedLoader: any FeedLoader

  init(environment: AppEnvironment, feedLoader: (any FeedLoader)? = nil) {
    self.environment = environment
    self.feedLoader = feedLoader ?? environment.composer.feedLoader(maximumPages: environment.options.maximumPages)
  }

  /// Runs the feed screen and reports it.
  ///
  /// - Parameters:
  ///   - progress: Told as each image settles.
  ///   - only: The one image to make visible (its image alone is loaded, and the report holds its entry alone);
  ///     `nil` for every one.
  @MainActor
  func run(progress: ProgressLine? = nil, only: UUID? = nil) async throws -> FeedReport {
    let (recorder, server, language) = (environment.recorder, environment.server, environment.options.language)
    let storePath = environment.storePath
    let failure = FailureCapturingFeedLoader(decoratee: feedLoader)
    let view = TerminalFeedView()
    let controller = environment.composer.feedScreen(
      { Paginated(items: try await failure.load()) }, transform: { $0.isEmpty ? nil : $0.count }, view: view)

    controller.viewDidAppear()
    await view.wait { !controller.isLoading }
    let serverProblem = recorder.remoteFeedError.map { recorder.problem(with: $0, in: language) }
    if let error = failure.error {
      switch error {
      case let error as FileFeedStoreError:
        throw FeedAppError.unreadableCache(
          error.description, serverProblem: serverProblem, store: storePath, deletable: true)
      case let error as SQLiteError:
        // Another program's database, or a newer version's, is never deleted: its message says what to do.
        throw FeedAppError.unreadableCache(
          error.description, serverProblem: serverProblem, store: storePath, deletable: !error.leavesDatabaseAsItIs,
          storeKind: .sqlite)
      default:
        throw error
      }
    }
    let feed = controller.feed
    let source = recorder.feedOrigin ?? .cache
    if source == .cache, feed.isEmpty {
      throw FeedAppError.noFeed(
        server: server, serverProblem: serverProblem, store: storePath, storeKind: environment.options.storeKind,
        heldBy: await environment.otherKindHoldingAFeed())
    }

    let visible = feed.indices.filter { only == nil || feed[$0].id == only }
    view.onImageSettled = { progress?.imagesSettled($0, of: visible.count) }
    for index in visible { controller.itemWillBecomeVisible(at: index) }
    await view.wait { view.settledImages == visible.count }

    let entries = visible.map { index in
      let image = feed[index]
      let item = view.items.indices.contains(index) ? view.items[index] : FeedImagePresenter.map(image)
      let cell = view.images[index]
      return FeedReport.Entry(
        id: image.id, description: item.description, location: item.hasLocation ? item.location : nil,
        url: image.url, imageBytes: cell?.image,
        imageSource: cell?.image == nil ? nil : recorder.imageOrigin(for: image.url),
        imageError: cell?.shouldRetry == true
          ? (recorder.imageFailure(for: image.url) ?? (server == nil ? .offlineNotCached : .unreachable))
            .text(in: language) : nil)
    }
    let imageCache = await environment.imageCacheProblem()
    return FeedReport(
      title: FeedPresenter.title(localization: language.localization), server: server,
      embeddedServer: environment.isEmbeddedServer,
      store: storePath,
      feedSource: source, serverProblem: source == .cache ? serverProblem : nil,
      saveProblem: source == .server ? recorder.saveError.map { FeedAppError.sentence(for: $0, in: language) } : nil,
      entries: entries,
      imageCacheProblem: imageCache?.problem,
      imageCachePath: environment.directory.appending(path: environment.options.storeKind.imageCacheFile)
        .path(percentEncoded: false),
      imageCacheBusy: imageCache?.busy == true, imageCacheHealed: imageCache?.healed == true)
  }
}

/// Keeps the error the composed feed loader threw, which the view shows only as a localized message, so the app
/// can say exactly what went wrong.
final class FailureCapturingFeedLoader: FeedLoader {
  private let decoratee: any FeedLoader
  private let captured = Mutex<(any Error)?>(nil)

  init(decoratee: any FeedLoader) {
    self.decoratee = decoratee
  }

  var error: (any Error)? { captured.withLock { $0 } }

  func load() async throws -> [FeedImage] {
    do {
      return try await decoratee.load()
    } catch {
      captured.withLock { $0 = error }
      throw error
    }
  }
}
