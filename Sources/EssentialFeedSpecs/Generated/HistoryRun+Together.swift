import EssentialFeed
import EssentialFeedCache
import Foundation

extension HistoryRun {
  /// Writes through both instances at once, in turn each on a thread of its own and all taking turns on one thread
  /// (see ``Linearizability/Threads``): some serial order that respects real time must explain what each gave, and
  /// what the store holds afterwards must be that order's state.
  mutating func together(_ operations: [ModelOperation]) async throws -> String? {
    guard let primary else { return nil }
    togetherRounds += 1
    let threads: Linearizability.Threads = togetherRounds.isMultiple(of: 2) ? .separate : .one
    var targets: [(operation: ModelOperation, stores: StoreCapabilities)] = []
    for operation in operations {
      if case .onSecondInstance(let inner) = operation {
        targets.append((inner, try await secondInstance(for: inner)))
      } else {
        targets.append((operation, primary))
      }
    }
    if operations.contains(where: \.touchesImages) {
      model.images.kind = plan.imageKind(sharedByTwoInstances: true)
    }
    let calls = targets
    let events = try await Linearizability.record(Array(calls.indices), on: threads) { index in
      await OperationRunner.perform(calls[index].operation, on: calls[index].stores)
    }
    let candidates = serialOrders(of: events).compactMap { order -> ReferenceModel? in
      var candidate = model
      for event in order {
        let expected = candidate.apply(calls[event.operation].operation)
        guard expected.allows(event.output) else { return nil }
        candidate.settle(calls[event.operation].operation, event.output)
      }
      return candidate
    }
    let gave = events.map { "\(calls[$0.operation].operation) gave \($0.output)" }.joined(separator: "; ")
    guard !candidates.isEmpty else { return "no serial order of the two explains what they gave: \(gave)" }
    let reads = WholeReads.of(primary, urls: candidates.flatMap(\.images.urls))
    var observed: [Observation] = []
    for read in reads { observed.append(await OperationRunner.perform(read, on: primary)) }
    var firstDifference = ""
    for var candidate in candidates {
      guard let difference = WholeReads.compare(reads, observed, with: &candidate) else {
        model = candidate
        return nil
      }
      if firstDifference.isEmpty { firstDifference = difference }
    }
    return "what the store holds after them is no serial order's result (\(gave)); \(firstDifference)"
  }

  /// The orders of `events` that respect real time: one that returned before another was called comes first.
  private func serialOrders<Output>(of events: [HistoryEvent<Int, Output>]) -> [[HistoryEvent<Int, Output>]] {
    guard !events.isEmpty else { return [[]] }
    return events.indices.flatMap { index -> [[HistoryEvent<Int, Output>]] in
      let first = events[index]
      var rest = events
      rest.remove(at: index)
      guard !rest.contains(where: { $0.returned < first.invoked }) else { return [] }
      return serialOrders(of: rest).map { [first] + $0 }
    }
  }
}
