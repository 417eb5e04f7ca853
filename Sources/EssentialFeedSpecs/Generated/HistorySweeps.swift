import EssentialFeed
import EssentialFeedCache
import Foundation

/// Short runs of steps that cover a class of bug by construction, where chance alone would find it in some histories
/// only: each begins half the histories of the suites it applies to, and every one the first history of a run. They
/// draw from the history's generator (its seed, model and ids), so a seed still gives the same history.
struct HistorySweeps {
  /// The generator of the history the sweeps begin, given back with what they drew.
  var generator: HistoryGenerator

  var plan: HistoryPlan { generator.plan }
  var rng: SplitMix64 {
    get { generator.rng }
    _modify { yield &generator.rng }
  }
  var model: ReferenceModel {
    get { generator.model }
    _modify { yield &generator.model }
  }

  /// The sweeps that begin the history, each applied to the model.
  mutating func opening() -> [ModelOperation] {
    var history: [ModelOperation] = []
    if plan.focus == .images, sweeping() { history = familySweep() }
    if plan.knowsImageLimits, sweeping() { history += clockSweep() }
    if plan.knowsImageLimits, limitPastFillable || sweeping() { history += leastRecentlyUsedSweep() }
    if plan.focus == .feed || plan.focus == .search, sweeping() { history += identitySweep() }
    if plan.focus != .images, plan.focus != .likes, sweeping() { history += emptySweep() }
    if plan.focus != .images, plan.focus != .likes, sweeping() { history += lengthSweep() }
    if plan.focus == .search, sweeping() { history += keywordSweep() }
    if plan.focus == .likes, sweeping() { history += orderSweep() }
    if sweeping() { history += cancelSweep() }
    if plan.contention, sweeping() { history += contentionSweep() }
    if plan.capabilities.count > 1, sweeping() { history += isolationSweep() }
    return history
  }

  /// Whether the limit is one no history fills (past 2^32 bytes): its sweep runs in every such history.
  private var limitPastFillable: Bool {
    (model.images.limits?.maximumBytes ?? 0) > HistoryGenerator.fillableLimit
  }

  /// Whether a sweep begins the history: always in the first, in half the others.
  private mutating func sweeping() -> Bool {
    generator.sweepsAll || generator.chance(50)
  }

  mutating func images(upTo maximum: Int, reusing known: [UUID]) -> [LocalFeedImage] {
    generator.images(upTo: maximum, reusing: known)
  }

  func namespaced(_ url: URL) -> URL { generator.namespaced(url) }

  /// `count` URLs of the history's namespace, no two the same (``AdversarialURL/distinct(_:inNamespace:using:)``).
  mutating func distinctURLs(_ count: Int) -> [URL] {
    AdversarialURL.distinct(count, inNamespace: generator.namespace, using: &rng)
  }

  mutating func operation(for capability: HistoryPlan.Capability) -> ModelOperation {
    generator.operation(for: capability)
  }
}
