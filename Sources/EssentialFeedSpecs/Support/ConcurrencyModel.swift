import Testing

/// One round of a randomized concurrency spec: a known starting state, set up one operation at a time, then the
/// operations that start together.
struct ConcurrentRound<State: Equatable, Operation: Equatable>: Equatable {
  /// The model's state once `setup` has run.
  let initial: State
  /// Operations run one after the other before the round, to reach `initial` whatever earlier rounds left.
  let setup: [Operation]
  /// Operations started together, each on a thread of its own.
  let operations: [Operation]
}

/// What a randomized concurrency spec needs to know about one kind of store: how to make a round, how to run an
/// operation on the store, and what the sequential model says each operation returns.
protocol ConcurrencyModel: Sendable {
  associatedtype Store: Sendable
  associatedtype State: Equatable
  associatedtype Operation: Equatable & Sendable & CustomStringConvertible
  associatedtype Output: Equatable & Sendable & CustomStringConvertible

  /// The next round, drawn from `rng` alone, so a seed fixes every round of a run.
  mutating func nextRound(_ index: Int, using rng: inout SplitMix64) -> ConcurrentRound<State, Operation>
  /// Runs `operation` on the store and returns what it gave.
  static func perform(_ operation: Operation, on store: Store) async throws -> Output
  /// The state after `operation` and the output the model says it gives.
  static func apply(_ operation: Operation, to state: State) -> (State, Output)
  /// A state, as a failure's history shows it.
  static func describe(_ state: State) -> String
  /// How `operation`, a write, comes back when it runs alone and is read right after: `nil` when exactly as written.
  /// A history that is "not linearizable" only because every write loses something (a timestamp's last bits) is
  /// said as that.
  static func plainRoundTrip(of operation: Operation, on store: Store) async -> String?
}

/// The one loop of the randomized concurrency specs (FS-14, IS-6): rounds from a seed, each one's history checked for
/// linearizability against the model; every failure names the seed and how to replay it.
enum ConcurrencySpec {
  /// The first `count` rounds `seed` gives, without running them: the same seed always gives the same rounds.
  static func rounds<Model: ConcurrencyModel>(
    of model: Model, seed: UInt64, count: Int
  ) -> [ConcurrentRound<Model.State, Model.Operation>] {
    var model = model
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { model.nextRound($0, using: &rng) }
  }

  /// Runs rounds of `model` on `sut` until one fails or the budget is spent, recording each failure at
  /// `sourceLocation`, with the seed.
  ///
  /// - Returns: Whether every round passed.
  @discardableResult
  static func verify<Model: ConcurrencyModel>(
    _ model: Model, on sut: Model.Store, seed: UInt64?, sourceLocation: SourceLocation
  ) async -> Bool {
    let seed = RandomizedRounds.seed(seed)
    var model = model
    var passed = true
    await RandomizedRounds.run(seed: seed) { index, rng in
      let round = model.nextRound(index, using: &rng)
      do {
        for operation in round.setup {
          _ = try await Model.perform(operation, on: sut)
        }
        let history = try await Linearizability.record(round.operations) { try await Model.perform($0, on: sut) }
        guard Linearizability.check(initial: round.initial, history: history, apply: { Model.apply($1, to: $0) }) else {
          // The setup's writes too: a round that only reads and deletes shows a loss in the state its setup wrote.
          for operation in round.setup + round.operations {
            guard let difference = await Model.plainRoundTrip(of: operation, on: sut) else { continue }
            Issue.record(
              Comment(
                rawValue: "Round \(index) fails before any concurrency: a plain round trip already differs: "
                  + "\(operation), read back alone: \(difference) (\(RandomizedRounds.replay(seed)))"),
              sourceLocation: sourceLocation)
            passed = false
            return false
          }
          passed = Linearizability.expectLinearizable(
            from: round.initial, history, round: index, seed: seed, sourceLocation: sourceLocation,
            describeState: Model.describe
          ) { state, operation in Model.apply(operation, to: state) }
          return passed
        }
        passed = Linearizability.expectLinearizable(
          from: round.initial, history, round: index, seed: seed, sourceLocation: sourceLocation,
          describeState: Model.describe
        ) { state, operation in Model.apply(operation, to: state) }
      } catch {
        Issue.record(
          error, Comment(rawValue: "Round \(index) threw; \(RandomizedRounds.replay(seed))"),
          sourceLocation: sourceLocation)
        passed = false
      }
      return passed
    }
    return passed
  }
}
