import EssentialFeed
import EssentialFeedCache
import Foundation

/// Draws a history from a seed: each operation chosen from what the model holds at that point (a cursor the list
/// holds, the action pending for an image, the keyword kept), with adversarial values, so a seed always gives the
/// same history.
struct HistoryGenerator {
  let plan: HistoryPlan
  /// Where this history's image URLs live, so histories on one location never share an image.
  let namespace: Int
  var rng: SplitMix64
  var model: ReferenceModel
  /// Every id drawn so far, to repeat some.
  var ids: [UUID] = []
  /// Every action enqueued so far, to answer old ones.
  var actions: [PendingLikeAction] = []
  /// Whether the clock just moved before a reopen.
  var reopenAfterClock = false
  /// Whether every sweep begins this history (the first of a run), not half of them at random.
  var sweepsAll = false

  init(plan: HistoryPlan, namespace: Int, seed: UInt64, model: ReferenceModel) {
    self.plan = plan
    self.namespace = namespace
    self.rng = SplitMix64(seed: seed)
    self.model = model
  }

  /// The whole history.
  mutating func history() -> [ModelOperation] {
    var sweeps = HistorySweeps(generator: self)
    var history = sweeps.opening()
    self = sweeps.generator
    while history.count < plan.length {
      let operation = next()
      if case .together(let operations) = operation {
        for each in operations { _ = model.apply(each) }
      } else {
        _ = model.apply(operation)
      }
      history.append(operation)
    }
    return history
  }

  /// The largest image limit a history fills: data is drawn up to 2/5 of the limit, at most 100,000 bytes.
  static let fillableLimit = 250_000

  mutating func next() -> ModelOperation {
    let roll = Int.random(in: 0..<100, using: &rng)
    if plan.persistent {
      // With limits known, a reopen usually comes after the clock moved: what expires must count from when it was
      // stored, not from when the store was opened.
      if roll < 4 || plan.knowsImageLimits && roll < 8 {
        if plan.knowsImageLimits, !reopenAfterClock, chance(70) {
          reopenAfterClock = true
          return .advanceClock((model.images.limits?.maximumAge ?? 60) * 0.25)
        }
        reopenAfterClock = false
        return .reopen
      }
      if plan.contention, roll < 14 {
        let count = Int.random(in: 2...4, using: &rng)
        return .together((0..<count).map { $0.isMultiple(of: 2) ? write() : .onSecondInstance(write()) })
      }
    }
    let operation = operation(for: capability())
    if operation.isWrite, Int.random(in: 0..<10, using: &rng) == 0 { return .cancelled(operation) }
    if plan.persistent, operation.clockStep == 0, Int.random(in: 0..<5, using: &rng) == 0 {
      return .onSecondInstance(operation)
    }
    return operation
  }

  private mutating func capability() -> HistoryPlan.Capability {
    let others = plan.capabilities.filter { $0 != plan.focus }
    guard !others.isEmpty, Int.random(in: 0..<10, using: &rng) >= 6 else { return plan.focus }
    return others[Int.random(in: 0..<others.count, using: &rng)]
  }

  /// A write of any capability, for two instances to make at once.
  mutating func write() -> ModelOperation {
    for _ in 0..<16 {
      let operation = operation(for: chance(80) ? plan.focus : capability())
      if operation.isWrite { return operation }
    }
    return plan.capabilities.contains(.feed) ? .deleteFeed : operation(for: plan.focus)
  }

  mutating func operation(for capability: HistoryPlan.Capability) -> ModelOperation {
    switch capability {
    case .feed: feedOperation()
    case .images: imageOperation()
    case .search: searchOperation()
    case .pages: pageOperation()
    case .likes: likeOperation()
    }
  }

  mutating func images(upTo maximum: Int, reusing known: [UUID]) -> [LocalFeedImage] {
    let drawn = AdversarialValues.images(upTo: maximum, reusing: known + ids.suffix(8), using: &rng)
    ids += drawn.map(\.id)
    return drawn.map { namespaced($0) }
  }

  /// One to `maximum` images, drawn again while the draw is empty (a fifth of draws are): a sweep that shows what a
  /// write does to what was there needs something there. An empty first append once let a store whose empty replace
  /// kept the pages pass FPS-15 (every history's draw empty, 1 run in 25).
  mutating func someImages(upTo maximum: Int) -> [LocalFeedImage] {
    var drawn: [LocalFeedImage] = []
    while drawn.isEmpty { drawn = images(upTo: maximum, reusing: []) }
    return drawn
  }

  /// `image` with its URL moved to this history's host.
  private func namespaced(_ image: LocalFeedImage) -> LocalFeedImage {
    LocalFeedImage(id: image.id, description: image.description, location: image.location, url: namespaced(image.url))
  }

  func namespaced(_ url: URL) -> URL {
    AdversarialURL.moved(url, toNamespace: namespace)
  }

  mutating func pick<Element>(_ elements: [Element]) -> Element? {
    elements.isEmpty ? nil : elements[Int.random(in: 0..<elements.count, using: &rng)]
  }

  mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &rng) < percent
  }
}
