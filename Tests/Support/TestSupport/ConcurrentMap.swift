import Foundation

/// Runs `body` on each of `items`, at most `width` at a time, and returns the results in the items' order: the crash
/// trials run their independent child processes this way, one a core, instead of one after the other.
///
/// - Parameters:
///   - items: What to run `body` on.
///   - width: How many run at once: by default one per active core.
///   - body: The work for one item; the first error it throws cancels the others and is rethrown.
public func concurrentMap<Item: Sendable, Output: Sendable>(
  _ items: [Item], width: Int = ProcessInfo.processInfo.activeProcessorCount,
  _ body: @escaping @Sendable (Item) async throws -> Output
) async throws -> [Output] {
  try await withThrowingTaskGroup(of: (index: Int, output: Output).self) { group in
    var outputs: [Int: Output] = [:]
    for (index, item) in items.enumerated() {
      if index >= max(width, 1), let finished = try await group.next() { outputs[finished.index] = finished.output }
      group.addTask { (index, try await body(item)) }
    }
    for try await finished in group { outputs[finished.index] = finished.output }
    return items.indices.compactMap { outputs[$0] }
  }
}
