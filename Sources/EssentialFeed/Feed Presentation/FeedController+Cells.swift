extension FeedController {
  /// Shows `page`: the cells of items still shown at the same position are kept, the others released (their
  /// loads cancelled), and the new items get cells.
  func show(_ page: Paginated<FeedImage>) {
    let kept = cells
    let old = (start: startIndex, feed: feed)
    cells = page.items.enumerated().map { offset, image in
      let position = page.startIndex + offset
      let oldOffset = position - old.start
      guard kept.indices.contains(oldOffset), old.feed[oldOffset].id == image.id else {
        return makeCell(for: image, at: position)
      }
      return kept[oldOffset]
    }
    feed = page.items
    startIndex = page.startIndex
    nextPage = page.loadMore
    previousPage = page.loadPrevious
  }

  private func makeCell(for image: FeedImage, at position: Int) -> FeedImageCellController<Image> {
    FeedImageCellController(
      url: image.url, index: position, imageLoader: imageLoader, prefetcher: prefetcher,
      transform: imageTransform,
      view: imageView)
  }
}
