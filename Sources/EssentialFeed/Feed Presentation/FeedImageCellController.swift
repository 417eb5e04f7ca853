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
  private let imageTransformer: (Data) -> Image?
  private let view: any FeedImageCellView<Image>
  private let load = ResourceLoad<Data>()
  private var state = State.idle

  init(
    url: URL, index: Int, imageLoader: any FeedImageDataLoader, imageTransformer: @escaping (Data) -> Image?,
    view: any FeedImageCellView<Image>
  ) {
    self.url = url
    self.index = index
    self.imageLoader = imageLoader
    self.imageTransformer = imageTransformer
    self.view = view
  }

  /// The item is about to show: shows the loaded image again, or the loading state, or starts loading.
  func willBecomeVisible() {
    switch state {
    case .loaded(let image): view.display(.loaded(image), at: index)
    case .loading: view.display(.loading, at: index)
    case .idle, .failed: loadImage()
    }
  }

  /// The item is near the screen: loads its image ahead unless it is loaded or loading.
  func prefetch() {
    switch state {
    case .idle, .failed: loadImage()
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
  }

  private func loadImage() {
    view.display(.loading, at: index)
    state = .loading
    load.start(
      { [imageLoader, url] in try await imageLoader.loadImageData(from: url) },
      deliver: { [weak self] result in self?.didLoad(result) })
  }

  private func didLoad(_ result: Result<Data, any Error>) {
    if case .success(let data) = result, let image = imageTransformer(data) {
      state = .loaded(image)
      view.display(.loaded(image), at: index)
    } else {
      state = .failed
      view.display(.retry, at: index)
    }
  }
}
