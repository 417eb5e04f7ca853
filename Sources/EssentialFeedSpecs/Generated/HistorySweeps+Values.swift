import EssentialFeed
import EssentialFeedCache
import Foundation

extension HistorySweeps {
  /// Texts just past 64 KiB and a keyword past 255 bytes, written and read back whole, by construction.
  mutating func lengthSweep() -> [ModelOperation] {
    let long = LocalFeedImage(
      id: Fixtures.uuid(using: &rng), description: AdversarialText.long(bytes: 65_537, using: &rng),
      location: AdversarialText.long(bytes: 65_600, using: &rng), url: namespaced(AdversarialURL.any(using: &rng)))
    let keyword = AdversarialText.long(bytes: 256 + Int.random(in: 0...64, using: &rng), using: &rng)
    let timestamp = AdversarialValues.timestamp(using: &rng)
    let sweep: [ModelOperation] =
      switch plan.focus {
      case .pages: [.appendPage([long]), .pageAfter(nil, 2)]
      case .search: [.replaceSearch([long], keyword, timestamp), .appendSearch([long], keyword), .retrieveSearch]
      default: [.insertFeed([long], timestamp), .retrieveFeed]
      }
    for operation in sweep { _ = model.apply(operation) }
    return sweep
  }

  /// A keyword with capitals, spaces around and between its words and a compatibility character, written and read
  /// back: a store that trims, folds or normalizes the keyword it keeps differs, by construction. Drawn keywords have
  /// all of those in some histories only: a store that trimmed and lowercased passed SRS-11 now and then.
  mutating func keywordSweep() -> [ModelOperation] {
    let keyword = " Kyoto  Tower \u{FB01}\(rng.next() % 100) "
    let sweep: [ModelOperation] = [
      .replaceSearch(generator.someImages(upTo: 3), keyword, AdversarialValues.timestamp(using: &rng)), .retrieveSearch,
    ]
    for operation in sweep { _ = model.apply(operation) }
    return sweep
  }

  /// Actions a microsecond and a bit apart, stored the later first: listed the earlier first, as precisely as their
  /// timestamps, by construction.
  mutating func orderSweep() -> [ModelOperation] {
    let seconds = AdversarialValues.rebaseChanged(using: &rng)
    let times = [seconds + 0.000_001, seconds, seconds.nextUp, seconds.nextDown]
    let sweep: [ModelOperation] =
      times.map { time in
        .enqueue(
          PendingLikeAction(
            id: Fixtures.uuid(using: &rng), imageID: Fixtures.uuid(using: &rng), kind: .like,
            timestamp: Date(timeIntervalSinceReferenceDate: time)))
      } + [.pendingActions]
    for operation in sweep { _ = model.apply(operation) }
    return sweep
  }
}
