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

  /// One to `maximum` images, drawn again while the draw is empty (a fifth of draws are): a sweep that shows what a
  /// write does to what was there needs something there. An empty first append once let a store whose empty replace
  /// kept the pages pass FPS-15 (every history's draw empty, 1 run in 25).
  mutating func someImages(upTo maximum: Int) -> [LocalFeedImage] {
    var drawn: [LocalFeedImage] = []
    while drawn.isEmpty { drawn = images(upTo: maximum, reusing: []) }
    return drawn
  }

  func namespaced(_ url: URL) -> URL { generator.namespaced(url) }

  /// `count` URLs of the history's namespace, no two the same: a sweep that needs several images needs them apart.
  /// The URL families are few, so four draws repeat one often: the least-recently-used sweep, skipped then, let a
  /// store whose reads are no use pass the first history of 1 seed in about 10.
  mutating func distinctURLs(_ count: Int) -> [URL] {
    var urls: [URL] = []
    while urls.count < count {
      let url = namespaced(AdversarialURL.any(using: &rng))
      if !urls.contains(where: { $0.absoluteString == url.absoluteString }) { urls.append(url) }
    }
    return urls
  }

  mutating func operation(for capability: HistoryPlan.Capability) -> ModelOperation {
    generator.operation(for: capability)
  }
}
