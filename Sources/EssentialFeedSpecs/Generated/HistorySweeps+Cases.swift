import EssentialFeed
import EssentialFeedCache
import Foundation

extension HistorySweeps {
  /// Writes of nothing over something: a replace with no images or results is a list of none, never a no-op or no
  /// cache at all, by construction.
  mutating func emptySweep() -> [ModelOperation] {
    let some = generator.someImages(upTo: 3)
    let timestamp = AdversarialValues.timestamp(using: &rng)
    let sweep: [ModelOperation] =
      switch plan.focus {
      case .pages: [.appendPage(some), .replacePages([]), .pageCount, .appendPage([]), .pageAfter(nil, 10)]
      case .search: [.replaceSearch(some, "kyoto", timestamp), .replaceSearch([], "kyoto", timestamp), .retrieveSearch]
      default: [.insertFeed(some, timestamp), .replaceFeed([], timestamp), .retrieveFeed, .insertFeed([], timestamp)]
      }
    for operation in sweep { _ = model.apply(operation) }
    return sweep
  }

  /// One id twice in a feed, and again in the next page of a search: kept as given, by construction.
  mutating func identitySweep() -> [ModelOperation] {
    let images = generator.someImages(upTo: 3) + images(upTo: 2, reusing: [])
    guard let first = images.first else { return [] }
    let again = LocalFeedImage(id: first.id, description: "again", location: nil, url: first.url)
    let sweep: [ModelOperation] =
      plan.focus == .feed
      ? [.insertFeed(images + [again], AdversarialValues.timestamp(using: &rng)), .retrieveFeed]
      : [
        .replaceSearch(images, "kyoto", AdversarialValues.timestamp(using: &rng)), .appendSearch([again], "kyoto"),
        .retrieveSearch,
      ]
    for operation in sweep { _ = model.apply(operation) }
    return sweep
  }

  /// An image's age counted across a replace and, where the store persists, across a reopen: replaced half its
  /// maximum age later, it is still found just past the first insert's expiry; stored before a reopen, it is gone
  /// just past its own expiry, by construction rather than by chance.
  mutating func clockSweep() -> [ModelOperation] {
    let age = model.images.limits?.maximumAge ?? 60
    let urls = distinctURLs(2)
    let (replaced, kept) = (urls[0], urls[1])
    var sweep: [ModelOperation] = [.insertImage(Data(), replaced), .insertImage(Data(), kept), .advanceClock(age / 2)]
    // A millisecond before the first two expire, both are found (a store keeping times or ages coarser than that
    // loses them early); two milliseconds on, the one not replaced is gone.
    sweep += [.insertImage(Data(), replaced), .advanceClock(age / 2 - 0.001), .advanceClock(0.002)]
    if plan.persistent { sweep += [.reopen, .advanceClock(age / 2)] }
    for operation in sweep { _ = model.apply(operation) }
    return sweep
  }

  /// Every member of every URL family inserted with data of its own (one of them just past 64 KiB), then each read:
  /// a store that keys images by less than the whole URL gives one member's data for another, and one that cuts data
  /// gives less, by construction rather than by chance.
  mutating func familySweep() -> [ModelOperation] {
    let members = (0..<3).flatMap { AdversarialURL.family($0).map(namespaced) }
    // The large one among the members no later member replaces (a relative URL and its absolute form are one key).
    let keys = members.map(\.absoluteString)
    let lasts = keys.indices.filter { !keys[($0 + 1)...].contains(keys[$0]) }
    let large = lasts.randomElement(using: &rng) ?? 0
    let inserts = members.enumerated().map { index, url in
      let data = index == large ? AdversarialValues.data(using: &rng, size: 65_537) : Data("member \(index)".utf8)
      return ModelOperation.insertImage(data, url)
    }
    let reads = members.shuffled(using: &rng).map(ModelOperation.retrieveImage)
    for operation in inserts + reads { _ = model.apply(operation) }
    return inserts + reads
  }

  /// Three images that fill the limit, the first read, then a fourth: the second goes, not the first, because a read
  /// is a use. Under a limit too large to fill (past 2^32 bytes), three images of 2,000 bytes each, all read: a store
  /// that keeps the limit in 32 bits (and so reads it as a few bytes) evicts them.
  mutating func leastRecentlyUsedSweep() -> [ModelOperation] {
    let third = (model.images.limits?.maximumBytes ?? 0) / 3
    let urls = distinctURLs(4)
    guard third > 0 else { return [] }
    let sweep: [ModelOperation] =
      third > HistoryGenerator.fillableLimit / 3
      ? urls.prefix(3).map { .insertImage(AdversarialValues.data(using: &rng, size: 2_000), $0) }
        + urls.prefix(3).map(ModelOperation.retrieveImage)
      : urls.prefix(3).map { .insertImage(AdversarialValues.data(using: &rng, size: third), $0) } + [
        .retrieveImage(urls[0]), .insertImage(AdversarialValues.data(using: &rng, size: third), urls[3]),
        .retrieveImage(urls[1]), .retrieveImage(urls[0]),
      ]
    for operation in sweep { _ = model.apply(operation) }
    return sweep
  }

  /// A write of several items of the suite's own capability, from a cancelled task: the old state or the new, never a
  /// part of it.
  mutating func cancelSweep() -> [ModelOperation] {
    let several = generator.someImages(upTo: 3) + generator.someImages(upTo: 3) + images(upTo: 2, reusing: [])
    guard several.count >= 2 else { return [] }
    let write: ModelOperation =
      switch plan.focus {
      case .feed: .insertFeed(several, AdversarialValues.timestamp(using: &rng))
      case .search: .replaceSearch(several, "kyoto", AdversarialValues.timestamp(using: &rng))
      case .pages: .appendPage(several)
      case .images: .insertImage(AdversarialValues.data(using: &rng, size: 4_097), several[0].url)
      case .likes:
        .enqueue(
          PendingLikeAction(
            id: Fixtures.uuid(using: &rng), imageID: several[0].id, kind: .like,
            timestamp: AdversarialValues.timestamp(using: &rng)))
      }
    _ = model.apply(write)
    return [.cancelled(write)]
  }

  /// Rounds of writes of the suite's own capability through both live instances at once: none is lost.
  mutating func contentionSweep() -> [ModelOperation] {
    (0..<12).map { _ in
      let writes = (0..<4).map { index -> ModelOperation in
        var write = operation(for: plan.focus)
        for _ in 0..<16 where !write.isWrite { write = operation(for: plan.focus) }
        _ = model.apply(write)
        return index.isMultiple(of: 2) ? write : .onSecondInstance(write)
      }
      return .together(writes)
    }
  }
}

extension ModelOperation {
  /// How many images or actions the operation writes, where it writes a list.
  var itemCount: Int? {
    switch self {
    case .insertFeed(let images, _), .replaceFeed(let images, _), .replaceSearch(let images, _, _),
      .appendSearch(let images, _), .appendPage(let images), .replacePages(let images):
      images.count
    default: nil
    }
  }
}
