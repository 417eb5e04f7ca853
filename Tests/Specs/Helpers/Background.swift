/// Runs `body` at background priority and waits for it through a continuation, which, unlike awaiting a task, does
/// not raise its priority: long CPU work then yields the cooperative pool's two threads to the suites that serve
/// HTTP in-process beside it (their requests timed out when a fuzz loop or a churn of tasks held them).
func inBackground<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Task(priority: .background) {
      do {
        continuation.resume(returning: try await body())
      } catch {
        continuation.resume(throwing: error)
      }
    }
  }
}
