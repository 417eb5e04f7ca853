extension FeedController {
  /// The item at `index` is about to be shown: shows its image, loading it unless loaded or already loading.
  ///
  /// - Parameter index: The item's position in the list (its index in ``feed`` unless the list is windowed).
  public func itemWillBecomeVisible(at index: Int) {
    cell(at: index)?.willBecomeVisible()
  }

  /// The item at `index` left the screen: cancels its image load, if one is running.
  ///
  /// - Parameter index: The item's position in the list (its index in ``feed`` unless the list is windowed).
  public func itemDidBecomeHidden(at index: Int) {
    cell(at: index)?.cancelLoad()
  }

  /// The items at `indices` are near the screen: starts loading their images ahead of time.
  ///
  /// - Parameter indices: The items' positions in the list.
  public func prefetchItems(at indices: [Int]) {
    for index in indices { cell(at: index)?.prefetch() }
  }

  /// The items at `indices` moved away from the screen: cancels their prefetching.
  ///
  /// - Parameter indices: The items' positions in the list.
  public func cancelPrefetching(at indices: [Int]) {
    for index in indices { cell(at: index)?.cancelLoad() }
  }

  /// The customer asked to retry the image at `index`.
  ///
  /// - Parameter index: The item's position in the list (its index in ``feed`` unless the list is windowed).
  public func retryImage(at index: Int) {
    cell(at: index)?.retry()
  }

  private func cell(at index: Int) -> FeedImageCellController<Image>? {
    cells.indices.contains(index - startIndex) ? cells[index - startIndex] : nil
  }
}
