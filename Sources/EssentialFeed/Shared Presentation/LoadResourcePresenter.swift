/// Turns the events of loading one resource into what its views show: the loading indicator, the error, the
/// resource itself.
///
/// The mapper turns the loaded resource into the view's model; when it throws (the resource is unusable, such as
/// image data that does not decode), the presenter shows the error instead.
@MainActor
public final class LoadResourcePresenter<Resource, View: ResourceView> {
  /// Turns a loaded resource into what the view shows.
  public typealias Mapper = (Resource) throws -> View.ResourceViewModel

  private let resourceView: View
  private let loadingView: any ResourceLoadingView
  private let errorView: any ResourceErrorView
  private let mapper: Mapper

  /// Creates a presenter.
  ///
  /// - Parameters:
  ///   - resourceView: Shows the resource.
  ///   - loadingView: Shows the loading indicator.
  ///   - errorView: Shows the error message.
  ///   - mapper: Turns the loaded resource into the resource view's model.
  public init(
    resourceView: View, loadingView: any ResourceLoadingView, errorView: any ResourceErrorView,
    mapper: @escaping Mapper
  ) {
    self.resourceView = resourceView
    self.loadingView = loadingView
    self.errorView = errorView
    self.mapper = mapper
  }

  /// The localized message for a failed load: "Couldn't connect to server" in English.
  public static var loadError: String { LocalizedStrings.connectionError }

  /// A load started: hide the error, show the loading indicator.
  public func didStartLoading() {
    errorView.display(.noError)
    loadingView.display(ResourceLoadingViewModel(isLoading: true))
  }

  /// A load delivered `resource`: show it (or the error, if it cannot be shown), hide the loading indicator.
  ///
  /// - Parameter resource: The loaded resource.
  public func didFinishLoading(with resource: Resource) {
    do {
      resourceView.display(try mapper(resource))
      loadingView.display(ResourceLoadingViewModel(isLoading: false))
    } catch {
      didFinishLoading(with: error)
    }
  }

  /// A load failed: show the localized error, hide the loading indicator.
  ///
  /// - Parameter error: Why the load failed; the message shown does not depend on it.
  public func didFinishLoading(with error: any Error) {
    errorView.display(ResourceErrorViewModel(message: Self.loadError))
    loadingView.display(ResourceLoadingViewModel(isLoading: false))
  }

  /// The customer dismissed the error: hide it.
  public func didDismissError() {
    errorView.display(.noError)
  }
}
