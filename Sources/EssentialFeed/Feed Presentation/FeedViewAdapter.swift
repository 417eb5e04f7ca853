import Foundation

/// Adapts any ``FeedView`` to the generic presenter's resource view.
@MainActor
final class FeedViewAdapter: ResourceView {
  private let view: any FeedView

  init(_ view: any FeedView) {
    self.view = view
  }

  func display(_ viewModel: FeedViewModel) {
    view.display(viewModel)
  }
}
