import EssentialFeed
import FeedTerminal

/// What one list on the screen shows, as its ``FeedController`` tells it: the loading and error states, each row's
/// image state, and the state of loading more. Image states are kept for the controller's rows only, so memory
/// stays bounded by its window.
@MainActor
final class BrowseListView: FeedView, ResourceLoadingView, ResourceErrorView, FeedImageCellView, LoadMoreView {
  private(set) var isLoading = false
  private(set) var errorMessage: String?
  private(set) var loadMore = LoadMoreViewModel.loaded
  private(set) var images: [Int: FeedImageCellViewModel<Thumbnail>] = [:]
  /// The list's rows changed: a new feed, or the window moved.
  var onFeed: (_ rows: Range<Int>) -> Void = { _ in }
  /// Anything shown changed: the screen needs drawing.
  var onChange: () -> Void = {}
  /// What to say for a failed page, when the app knows more than the controller's message (what the server answered).
  var loadFailure: () -> String? = { nil }

  func display(_ viewModel: FeedViewModel) {
    let rows = viewModel.startIndex..<(viewModel.startIndex + viewModel.items.count)
    images = images.filter { rows.contains($0.key) }
    onFeed(rows)
    onChange()
  }

  func display(_ viewModel: ResourceLoadingViewModel) {
    isLoading = viewModel.isLoading
    onChange()
  }

  func display(_ viewModel: ResourceErrorViewModel) {
    errorMessage = viewModel.message.map(said)
    onChange()
  }

  func display(_ viewModel: FeedImageCellViewModel<Thumbnail>, at index: Int) {
    images[index] = viewModel
    onChange()
  }

  func display(_ viewModel: LoadMoreViewModel) {
    loadMore = LoadMoreViewModel(isLoading: viewModel.isLoading, errorMessage: viewModel.errorMessage.map(said))
    onChange()
  }

  /// `message`, or the reason the app knows when `message` is the controller's word for any failure.
  private func said(_ message: String) -> String {
    message == ResourceErrorViewModel.loadFailure.message ? loadFailure() ?? message : message
  }
}
