import EssentialFeed
import EssentialFeedCache
import Foundation
import Testing

/// The spec every suite generates: histories drawn from a seed, run on the stores and on the reference model, every
/// observation compared exactly; a failure is shrunk to the fewest, simplest steps that still fail, and prints them
/// with the seed that replays it.
enum GeneratedSpec {
  /// The environment variable that sets how many histories each generated spec runs (8 by default): as many on a slow
  /// machine as on a fast one, so a seed replays the same run anywhere.
  static let historiesVariable = "ESSENTIALFEED_SPEC_HISTORIES"

  /// How many histories to run in the running task, over the environment's count: for the package's own self-tests,
  /// which run a slow store through every suite.
  @TaskLocal static var historiesOverride: Int?
  /// How many replays a shrink may spend in the running task (400 by default): for the self-tests that only check a
  /// failure is found and said, not how small it gets.
  @TaskLocal static var shrinkBudgetOverride: Int?

  /// What one suite's generated spec does.
  struct Configuration: Sendable {
    /// The course ID, as failures name it.
    var id: String
    var focus: HistoryPlan.Capability
    var persistent = false
    /// Whether the spec chooses the image limits and drives the clock (the limited image suites).
    var limitsImages = false
  }

  /// Runs histories until one fails or all ran; records the first failure, shrunk, at `sourceLocation`.
  ///
  /// - Returns: Whether every history passed.
  @discardableResult
  static func verify(
    _ configuration: Configuration, seed: UInt64?, sourceLocation: SourceLocation,
    makeStores: @escaping @Sendable (HistorySetup) async throws -> StoreCapabilities
  ) async -> Bool {
    let seed = RandomizedRounds.seed(seed)
    let histories = max(
      1, historiesOverride ?? ProcessInfo.processInfo.environment[historiesVariable].flatMap { Int($0) } ?? 8)
    var plan: HistoryPlan?
    var namespace = 0
    let started = ContinuousClock().now
    for index in 0..<histories {
      var rng = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
      let setup = setup(configuration, history: index, namespace: namespace, using: &rng)
      namespace += 1
      do {
        let known: HistoryPlan
        if let plan {
          known = plan
        } else {
          known = HistoryPlan(stores: try await makeStores(setup), configuration)
        }
        plan = known
        var generator = HistoryGenerator(
          plan: known, namespace: setup.namespace, seed: rng.next(),
          model: ReferenceModel(
            images: ImageReference(
              kind: known.imageKind(sharedByTwoInstances: false), limits: setup.imageLimits, now: setup.clockStart)))
        generator.sweepsAll = index == 0
        let history = generator.history()
        var run = HistoryRun(plan: known, setup: setup, makeStores: makeStores)
        if let failure = await run.run(history) {
          let shrunk = await shrink(history, failure, known, setup, &namespace, makeStores)
          record(configuration, seed: seed, index: index, from: history, shrunk, sourceLocation)
          return false
        }
      } catch {
        Issue.record(
          Comment(rawValue: "\(configuration.id): makeSUT threw \(error); \(RandomizedRounds.replay(seed))"),
          sourceLocation: sourceLocation)
        return false
      }
    }
    report(configuration, histories: histories, plan: plan, since: started)
    return true
  }

  /// The limits, the clock and the namespace of one history: limits that are no round numbers, a clock that starts
  /// mid-second at a time whose bits a trip through 1970 would change.
  private static func setup(
    _ configuration: Configuration, history: Int, namespace: Int, using rng: inout SplitMix64
  ) -> HistorySetup {
    let start = Date(timeIntervalSinceReferenceDate: AdversarialValues.rebaseChanged(using: &rng))
    var limits: ImageCacheLimits?
    if configuration.limitsImages {
      // The first history a limit its sweeps can fill; the second one past 2^32, which a store that keeps it in 32
      // bits reads as 1,000; the others, any.
      let choices = [1_000, (1 << 32) + 1_000, 0, 500, 1_000, 3_000, 70_000, 200_000]
      let bytes = choices[history < 2 ? history : Int.random(in: 0..<choices.count, using: &rng)]
      let age = [61.37, 90.125, 3_600.5, 59.999_999][Int.random(in: 0..<4, using: &rng)]
      limits = ImageCacheLimits(maximumBytes: bytes, maximumAge: age)
    }
    return HistorySetup(imageLimits: limits, clock: SpecClock(start: start), clockStart: start, namespace: namespace)
  }

  private static func shrink(
    _ history: [ModelOperation], _ failure: HistoryFailure, _ plan: HistoryPlan, _ setup: HistorySetup,
    _ namespace: inout Int, _ makeStores: @escaping @Sendable (HistorySetup) async throws -> StoreCapabilities
  ) async -> (history: [ModelOperation], failure: HistoryFailure, replays: Int) {
    var next = namespace
    var shrinker = Shrinker(budget: shrinkBudgetOverride ?? 400) { candidate in
      next += 1
      let replaySetup = HistorySetup(
        imageLimits: setup.imageLimits, clock: SpecClock(start: setup.clockStart), clockStart: setup.clockStart,
        namespace: next)
      let moved = candidate.map { $0.mapURLs { AdversarialURL.renamed($0, from: setup.namespace, to: next) } }
      var run = HistoryRun(plan: plan, setup: replaySetup, makeStores: makeStores)
      return await run.run(moved)
    }
    let shrunk = await shrinker.shrink(history, failure)
    namespace = next + 1
    return (shrunk.history, shrunk.failure, shrinker.replays)
  }
}

extension GeneratedSpec {
  /// ``verify(_:seed:sourceLocation:makeStores:)`` for a suite whose `makeSUT` makes one store, whatever else it
  /// keeps: each history gets the capabilities of a new one.
  @discardableResult
  static func verify(
    _ configuration: Configuration, seed: UInt64?, sourceLocation: SourceLocation,
    makeSUT: @Sendable () async throws -> any Sendable
  ) async -> Bool {
    await withoutActuallyEscaping(makeSUT) { makeSUT in
      await verify(configuration, seed: seed, sourceLocation: sourceLocation) { _ in
        StoreCapabilities(keptBy: try await makeSUT())
      }
    }
  }
}

extension GeneratedSpec {
  /// ``verify(_:seed:sourceLocation:makeStores:)`` for a limited image suite, whose `makeSUT` takes the limits and
  /// clock each history chooses.
  @discardableResult
  static func verify(
    _ configuration: Configuration, seed: UInt64?, sourceLocation: SourceLocation,
    makeLimited: LimitedFeedImageDataStoreSpec.MakeSUT
  ) async -> Bool {
    await withoutActuallyEscaping(makeLimited) { makeSUT in
      await verify(configuration, seed: seed, sourceLocation: sourceLocation) { setup in
        StoreCapabilities(
          keptBy: try await makeSUT(setup.imageLimits ?? ImageCacheLimits(maximumBytes: .max), setup.clock.now))
      }
    }
  }
}
