import Foundation

/// One feed item's image: loads it, remembers it once loaded, and offers a retry when it fails.
///
/// Owned by ``FeedController``, one per item; releasing it cancels its load.
@MainActor
final class FeedImageCellController<Image> {
  private enum State {
    case idle, loading
    case loaded(Image)
    case failed
  }

  private let url: URL
  private let index: Int
  private let imageLoader: any FeedImageDataLoader
  private let transform: ImageTransform<Image>
  private let view: any FeedImageCellView<Image>
  private let prefetcher: FeedImagePrefetcher
  private let load = ResourceLoad<LoadedImage<Image>>()
  private var state = State.idle
  /// Set while the image loads as a prefetch: whether the prefetch has started or still waits for a slot.
  private var prefetchStart: StartFlag?

  init(
    url: URL, index: Int, imageLoader: any FeedImageDataLoader, prefetcher: FeedImagePrefetcher,
    transform: ImageTransform<Image>, view: any FeedImageCellView<Image>
  ) {
    self.url = url
    self.index = index
    self.imageLoader = imageLoader
    self.prefetcher = prefetcher
    self.transform = transform
    self.view = view
  }

  /// The item is about to show: shows the loaded image again, or the loading state, or starts loading. A prefetch
  /// still waiting for a slot gives way to a load at once.
  func willBecomeVisible() {
    switch state {
    case .loaded(let image): view.display(.loaded(image), at: index)
    case .loading where prefetchStart?.isSet == false:
      load.cancel()
      loadImage()
    case .loading: view.display(.loading, at: index)
    case .idle, .failed: loadImage()
    }
  }

  /// The item is near the screen: loads its image ahead, through the prefetcher (low priority, a few at once),
  /// unless it is loaded or loading.
  func prefetch() {
    switch state {
    case .idle, .failed: loadImage(prefetching: true)
    case .loading, .loaded: break
    }
  }

  /// The customer asked to retry: loads again unless a load is running.
  func retry() {
    if case .loading = state { return }
    loadImage()
  }

  /// The item left the screen, or its prefetch is no longer wanted: cancels a running load.
  func cancelLoad() {
    guard case .loading = state else { return }
    load.cancel()
    state = .idle
    prefetchStart = nil
  }

  private func loadImage(prefetching: Bool = false) {
    view.display(.loading, at: index)
    state = .loading
    guard prefetching else {
      prefetchStart = nil
      return load.start(
        decoded { [imageLoader, url] in try await imageLoader.loadImageData(from: url) },
        deliver: { [weak self] result in self?.didLoad(result) })
    }
    let started = StartFlag()
    prefetchStart = started
    load.start(
      decoded { [prefetcher, url] in
        switch await prefetcher.prefetch(from: url, onStart: started.set) {
        case .loaded(let data): return data
        case .failed(let error): throw error
        case .cancelled: throw CancellationError()
        }
      }, deliver: { [weak self] result in self?.didLoad(result) })
  }

  /// `fetch`, then the transform when it runs off the main actor: in the same task, so it is cancelled with the load.
  private func decoded(_ fetch: @escaping @Sendable () async throws -> Data)
    -> @Sendable () async throws -> LoadedImage<Image>
  {
    guard case .offMainActor(let transform) = transform else { return { .data(try await fetch()) } }
    return {
      let data = try await fetch()
      try Task.checkCancellation()  // a loader that finished despite the cancel: no decode
      return await transform(data)
    }
  }

  private func didLoad(_ result: Result<LoadedImage<Image>, any Error>) {
    prefetchStart = nil
    let image: Image? =
      switch (result, transform) {
      case (.success(.image(let image)), _): image
      case (.success(.data(let data)), .onMainActor(let transform)): transform(data)
      case (.success(.data), .offMainActor), (.failure, _): nil
      }
    if let image {
      state = .loaded(image)
      view.display(.loaded(image), at: index)
    } else {
      state = .failed
      view.display(.retry, at: index)
    }
  }
}
