/// Runs one load at a time of a resource for the presentation layer, and owns its task.
///
/// The result is delivered on the main actor unless the load was cancelled. The task holds this object weakly
/// and is cancelled when the object is released, so whoever owns a `ResourceLoad` never outlives its screen
/// because of a load in flight: the case study's load-resource adapter, reduced to its task.
@MainActor
final class ResourceLoad<Resource: Sendable> {
  private var task: Task<Void, Never>?

  /// `true` from ``start(_:deliver:)`` until the result is delivered or the load is cancelled.
  var isRunning: Bool { task != nil }

  /// Starts `load`, unless a load is running.
  ///
  /// - Parameters:
  ///   - load: The work; it runs off the main actor.
  ///   - deliver: Receives the result on the main actor, never after ``cancel()`` or release. Capture its owner
  ///     weakly: the running task holds this closure.
  func start(
    _ load: @escaping @Sendable () async throws -> Resource,
    deliver: @escaping @MainActor (Result<Resource, any Error>) -> Void
  ) {
    guard task == nil else { return }
    task = Task { [weak self] in
      let result: Result<Resource, any Error>
      do {
        result = .success(try await load())
      } catch {
        result = .failure(error)
      }
      guard let self, !Task.isCancelled else { return }
      self.task = nil
      deliver(result)
    }
  }

  /// Cancels the running load, if any; its result is never delivered.
  func cancel() {
    task?.cancel()
    task = nil
  }

  deinit {
    task?.cancel()
  }
}
