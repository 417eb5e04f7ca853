/// Whether a resource is loading, for a loading indicator.
public struct ResourceLoadingViewModel: Hashable, Sendable {
  /// `true` while the resource loads.
  public let isLoading: Bool

  /// Creates a loading view model.
  ///
  /// - Parameter isLoading: `true` while the resource loads.
  public init(isLoading: Bool) {
    self.isLoading = isLoading
  }
}

/// The error to show for a resource, or none.
public struct ResourceErrorViewModel: Hashable, Sendable {
  /// The localized message to show, or `nil` to hide the error.
  public let message: String?

  /// No error: hide it.
  public static let noError = ResourceErrorViewModel(message: nil)

  /// The failed load every controller shows, whatever the error: "Couldn't connect to server" in the user's language.
  ///
  /// An app that knows more of a failure (the status its client recorded) can tell this message from the others a
  /// view is shown (a refused like's, say) and word it better.
  public static var loadFailure: ResourceErrorViewModel {
    ResourceErrorViewModel(message: LocalizedStrings.connectionError)
  }

  /// Creates an error view model.
  ///
  /// - Parameter message: The localized message to show, or `nil` to hide the error.
  public init(message: String?) {
    self.message = message
  }
}

/// A view that shows a loaded resource.
@MainActor
public protocol ResourceView: AnyObject {
  /// What the view shows of the resource.
  associatedtype ResourceViewModel

  /// Shows the resource.
  ///
  /// - Parameter viewModel: What to show.
  func display(_ viewModel: ResourceViewModel)
}

/// A view that shows whether a resource is loading.
@MainActor
public protocol ResourceLoadingView: AnyObject {
  /// Shows or hides the loading indicator.
  ///
  /// - Parameter viewModel: Whether the resource is loading.
  func display(_ viewModel: ResourceLoadingViewModel)
}

/// A view that shows a resource's error.
@MainActor
public protocol ResourceErrorView: AnyObject {
  /// Shows or hides the error message.
  ///
  /// - Parameter viewModel: The message, or none.
  func display(_ viewModel: ResourceErrorViewModel)
}
