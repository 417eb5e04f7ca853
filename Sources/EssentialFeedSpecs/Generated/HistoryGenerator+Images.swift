import EssentialFeed
import EssentialFeedCache
import Foundation

extension HistoryGenerator {
  mutating func imageOperation() -> ModelOperation {
    let roll = Int.random(in: 0..<100, using: &rng)
    let kept = model.images.urls
    let limited = plan.limitedImages
    if plan.knowsImageLimits, chance(12) { return .advanceClock(clockStep()) }
    switch roll {
    case 0..<40:
      let url = chance(plan.knowsImageLimits ? 40 : 25) ? pick(kept) ?? anyURL() : anyURL()
      return .insertImage(data(), url)
    case 40..<78:
      // With limits known, often the least recently used image: a read must save it from the next eviction.
      if model.images.limits != nil, let oldest = kept.first, chance(40) { return .retrieveImage(oldest) }
      // Often a URL one respect away from one kept (case, escapes, slash, query, relative form): another key.
      if let keptURL = pick(kept), chance(40),
        let sibling = pick(AdversarialURL.siblings(of: keptURL, inNamespace: namespace))
      {
        return .retrieveImage(sibling)
      }
      return .retrieveImage(chance(65) ? pick(kept) ?? anyURL() : anyURL())
    case 78..<86 where limited:
      return .imageSize
    case 86..<90 where limited:
      return .deleteAllImages
    case 90..<93 where limited:
      return .flushImages
    case 93..<100 where plan.knowsImageLimits:
      return .advanceClock(clockStep())
    default:
      return .retrieveImage(pick(kept) ?? anyURL())
    }
  }

  /// Data of any adversarial size, or where the spec made the limits, mostly a fraction of the limit, so inserts evict
  /// and reads decide what goes first.
  private mutating func data() -> Data {
    guard let limit = model.images.limits?.maximumBytes, limit > 0, chance(70) else {
      return AdversarialValues.data(using: &rng)
    }
    return AdversarialValues.data(
      using: &rng, size: Int.random(in: 0...max(1, min(limit, Self.fillableLimit) * 2 / 5), using: &rng))
  }

  private mutating func anyURL() -> URL {
    namespaced(AdversarialURL.any(using: &rng))
  }

  /// How far the clock moves: to just before or just after an image's maximum age (by 10 µs, a millisecond or most
  /// of a second, so a store that keeps times to the millisecond or the second, or ages in whole minutes, is seen),
  /// or part of the maximum age.
  private mutating func clockStep() -> TimeInterval {
    let maximumAge = model.images.limits?.maximumAge ?? 60
    // The first image stored (the likeliest stored before a reopen) and the replaced ones first: a store that counts
    // an image's age from when it was reopened or from its first insert is off there.
    let dates = model.images.storedDates
    let favoured = chance(50) ? pick(model.images.replacedDates) ?? dates.min() : dates.min()
    guard let stored = chance(50) ? favoured : pick(dates), chance(70) else {
      return maximumAge * (pick([0.25, 0.5, 1.5]) ?? 0.5)
    }
    let boundary = stored.timeIntervalSinceReferenceDate + maximumAge - model.images.now.timeIntervalSinceReferenceDate
    let offset = pick([-0.4, -0.001, -0.000_01, 0.000_01, 0.001, 0.4]) ?? 0.001
    return max(0, boundary + offset)
  }
}
