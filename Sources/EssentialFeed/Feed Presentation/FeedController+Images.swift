import Foundation

extension FeedController {
  /// The item at `index` is about to be shown: shows its image, loading it unless loaded or already loading.
  ///
  /// - Parameter index: The item's index in ``feed``.
  public func itemWillBecomeVisible(at index: Int) {
    guard imageStates.indices.contains(index) else { return }
    switch imageStates[index] {
    case .loaded(let image):
      imageView.display(FeedImageCellViewModel(isLoading: false, image: image, shouldRetry: false), at: index)
    case .loading: imageView.display(FeedImageCellViewModel(isLoading: true, image: nil, shouldRetry: false), at: index)
    case .idle, .failed: loadImage(at: index)
    }
  }

  /// The item at `index` left the screen: cancels its image load, if one is running.
  ///
  /// - Parameter index: The item's index in ``feed``.
  public func itemDidBecomeHidden(at index: Int) {
    cancelImageLoad(at: index)
  }

  /// The items at `indices` are near the screen: starts loading their images ahead of time.
  ///
  /// - Parameter indices: The items' indices in ``feed``.
  public func prefetchItems(at indices: [Int]) {
    for index in indices where imageStates.indices.contains(index) {
      switch imageStates[index] {
      case .idle, .failed: loadImage(at: index)
      case .loading, .loaded: break
      }
    }
  }

  /// The items at `indices` moved away from the screen: cancels their prefetching.
  ///
  /// - Parameter indices: The items' indices in ``feed``.
  public func cancelPrefetching(at indices: [Int]) {
    for index in indices { cancelImageLoad(at: index) }
  }

  /// The customer asked to retry the image at `index`.
  ///
  /// - Parameter index: The item's index in ``feed``.
  public func retryImage(at index: Int) {
    guard imageStates.indices.contains(index) else { return }
    if case .loading = imageStates[index] { return }
    loadImage(at: index)
  }

  private func loadImage(at index: Int) {
    let url = feed[index].url
    imageView.display(FeedImageCellViewModel(isLoading: true, image: nil, shouldRetry: false), at: index)
    let task = Task { [imageLoader] in
      let result: Result<Data, any Error>
      do {
        result = .success(try await imageLoader.loadImageData(from: url))
      } catch {
        result = .failure(error)
      }
      guard !Task.isCancelled else { return }
      self.didLoadImage(result, at: index, url: url)
    }
    imageStates[index] = .loading(task)
  }

  private func didLoadImage(_ result: Result<Data, any Error>, at index: Int, url: URL) {
    guard imageStates.indices.contains(index), feed[index].url == url else { return }
    if case .success(let data) = result, let image = imageTransformer(data) {
      imageStates[index] = .loaded(image)
      imageView.display(FeedImageCellViewModel(isLoading: false, image: image, shouldRetry: false), at: index)
    } else {
      imageStates[index] = .failed
      imageView.display(FeedImageCellViewModel(isLoading: false, image: nil, shouldRetry: true), at: index)
    }
  }

  private func cancelImageLoad(at index: Int) {
    guard imageStates.indices.contains(index), case .loading(let task) = imageStates[index] else { return }
    task.cancel()
    imageStates[index] = .idle
  }
}
