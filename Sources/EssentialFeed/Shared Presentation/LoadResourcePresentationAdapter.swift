/// Connects a resource's loader to its presenter: one load at a time, reported to the presenter's views.
///
/// Owns its ``ResourceLoad``, so releasing the adapter cancels the load in flight.
@MainActor
final class LoadResourcePresentationAdapter<Resource: Sendable, View: ResourceView> {
  private let loader: @Sendable () async throws -> Resource
  private let presenter: LoadResourcePresenter<Resource, View>
  private let load = ResourceLoad<Resource>()

  /// Creates an adapter.
  ///
  /// - Parameters:
  ///   - loader: Loads the resource.
  ///   - presenter: Shows the loading state, the error and the resource.
  init(loader: @escaping @Sendable () async throws -> Resource, presenter: LoadResourcePresenter<Resource, View>) {
    self.loader = loader
    self.presenter = presenter
  }

  /// `true` while the resource loads.
  var isLoading: Bool { load.isRunning }

  /// Loads the resource, unless it is loading already.
  func loadResource() {
    guard !load.isRunning else { return }
    presenter.didStartLoading()
    load.start(loader) { [weak self] result in
      switch result {
      case .success(let resource): self?.presenter.didFinishLoading(with: resource)
      case .failure(let error): self?.presenter.didFinishLoading(with: error)
      }
    }
  }

  /// The customer dismissed the error.
  func dismissError() {
    presenter.didDismissError()
  }
}
