import Foundation

/// A view that shows the feed's items.
@MainActor
public protocol FeedView: AnyObject {
  /// Shows every item, replacing what was shown.
  ///
  /// - Parameter viewModel: The items, in order.
  func display(_ viewModel: FeedViewModel)
}

/// A view that shows each item's image: loading, loaded, or offering a retry.
@MainActor
public protocol FeedImageCellView<Image>: AnyObject {
  /// The platform's image type: `UIImage`, `NSImage`, `Data` for a terminal…
  associatedtype Image

  /// Shows the image state of the item at `index`.
  ///
  /// - Parameters:
  ///   - viewModel: The image state.
  ///   - index: The item's index in the feed.
  func display(_ viewModel: FeedImageCellViewModel<Image>, at index: Int)
}

/// A view that shows the state of loading the next page: a spinner at the end of the list, or an error.
@MainActor
public protocol LoadMoreView: AnyObject {
  /// Shows the state of loading more.
  ///
  /// - Parameter viewModel: Whether more is loading, and the error message if the last attempt failed.
  func display(_ viewModel: LoadMoreViewModel)
}

/// The state of loading the next page.
public struct LoadMoreViewModel: Hashable, Sendable {
  /// `true` while the next page loads.
  public let isLoading: Bool
  /// The localized error message when the last attempt failed, or `nil`.
  public let errorMessage: String?

  /// Creates a load-more view model.
  ///
  /// - Parameters:
  ///   - isLoading: `true` while the next page loads.
  ///   - errorMessage: The localized error message, or `nil`.
  public init(isLoading: Bool, errorMessage: String?) {
    self.isLoading = isLoading
    self.errorMessage = errorMessage
  }

  /// The next page is loading.
  public static let loading = LoadMoreViewModel(isLoading: true, errorMessage: nil)

  /// The last page loaded: nothing to show.
  public static let loaded = LoadMoreViewModel(isLoading: false, errorMessage: nil)

  /// The last attempt failed: shows the localized connection error, the feed's own message.
  public static var failed: LoadMoreViewModel {
    LoadMoreViewModel(isLoading: false, errorMessage: LocalizedStrings.connectionError)
  }
}
