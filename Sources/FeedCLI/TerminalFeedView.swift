import EssentialFeed
import Foundation

/// The terminal as a feed view: it records what the ``FeedController`` shows, so the run can print it. The image
/// type is the image's size in bytes, the one thing a terminal shows of it.
@MainActor
final class TerminalFeedView: FeedView, ResourceLoadingView, ResourceErrorView, FeedImageCellView {
  private(set) var items: [FeedImageViewModel] = []
  private(set) var isLoading = false
  private(set) var errorMessage: String?
  private(set) var images: [Int: FeedImageCellViewModel<Int>] = [:]
  /// The rows whose image finished loading, kept as they change: counting them on every display was quadratic.
  private var settled: Set<Int> = []

  private var waiter: (condition: () -> Bool, continuation: CheckedContinuation<Void, Never>)?
  var onImageSettled: (Int) -> Void = { _ in }

  func display(_ viewModel: FeedViewModel) {
    items = viewModel.items
    changed()
  }

  func display(_ viewModel: ResourceLoadingViewModel) {
    isLoading = viewModel.isLoading
    changed()
  }

  func display(_ viewModel: ResourceErrorViewModel) {
    errorMessage = viewModel.message
    changed()
  }

  func display(_ viewModel: FeedImageCellViewModel<Int>, at index: Int) {
    images[index] = viewModel
    if viewModel.isLoading {
      settled.remove(index)
    } else {
      settled.insert(index)
      onImageSettled(settled.count)
    }
    changed()
  }

  /// How many images finished loading, successfully or not.
  var settledImages: Int { settled.count }

  /// Suspends until `condition` holds after some display.
  func wait(until condition: @escaping () -> Bool) async {
    guard !condition() else { return }
    await withCheckedContinuation { waiter = (condition, $0) }
  }

  private func changed() {
    guard let waiter, waiter.condition() else { return }
    self.waiter = nil
    waiter.continuation.resume()
  }
}
