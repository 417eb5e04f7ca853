import EssentialFeedCache
import Foundation
import Testing

extension FeedPageStoreSpec {
  /// Three hundred operations drawn from `seed` (appends of new and known images, reads after and before random
  /// cursors with random limits, counts), each checked against a plain array; stops at the first difference.
  static func verifyRandomWalk(_ sut: any FeedPageStore, seed: UInt64, sourceLocation: SourceLocation) async throws {
    var rng = SplitMix64(seed: seed)
    var model: [LocalFeedImage] = []
    for step in 0..<300 {
      let context = "step \(step) (\(RandomizedRounds.replay(seed)))"
      let cursor = model.isEmpty || Int.random(in: 0..<8, using: &rng) == 0 ? nil : model.randomElement(using: &rng)
      let limit = Int.random(in: 0...12, using: &rng)
      let position = cursor.flatMap { cursor in model.firstIndex { $0.id == cursor.id } }
      let ok: Bool
      switch Int.random(in: 0..<4, using: &rng) {
      case 0:
        let fresh = (0..<Int.random(in: 0...8, using: &rng)).map { index in
          Fixtures.image("step \(step) image \(index)", nil, id: Fixtures.uuid(using: &rng))
        }
        let known = (0..<Int.random(in: 0...2, using: &rng)).compactMap { _ in model.randomElement(using: &rng) }
        let batch = (fresh + known + fresh.prefix(1)).shuffled(using: &rng)
        var seen = Set(model.map(\.id))
        let expected = batch.filter { seen.insert($0.id).inserted }
        model += expected
        ok = expectPage(try await sut.appendPage(batch), expected, "append at \(context)", sourceLocation)
      case 1:
        let start = position.map { $0 + 1 } ?? 0
        let expected = limit > 0 ? Array(model[start...].prefix(limit)) : []
        ok = expectPage(
          try await sut.retrievePage(after: cursor?.id, limit: limit), expected, "page after at \(context)",
          sourceLocation)
      case 2:
        let expected = position.map { limit > 0 ? Array(model[..<$0].suffix(limit)) : [] } ?? []
        ok = expectPage(
          try await sut.retrievePage(before: cursor?.id ?? UUID(), limit: limit), expected,
          "page before at \(context)", sourceLocation)
      default:
        ok = expectCount(try await sut.pageImageCount(), model.count, "count at \(context)", sourceLocation)
      }
      guard ok else { return }
    }
  }

  /// Sixteen appends of distinct pages, on separate threads, at once: the list then holds every image once, and each
  /// page's images side by side in their order.
  static func verifyConcurrentAppends(_ sut: any FeedPageStore, sourceLocation: SourceLocation) async throws {
    let pages = (0..<16).map { page in numberedImages(5 + page * 3, from: page * 1_000) }
    let gate = StartingGate(parties: pages.count)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, page) in pages.enumerated() {
        group.addTask(executorPreference: OperationThreadExecutor.shared[index % 8]) {
          await gate.arriveAndWait()
          _ = try await sut.appendPage(page)
        }
      }
      try await group.waitForAll()
    }
    let total = pages.reduce(0) { $0 + $1.count }
    let list = try await sut.retrievePage(after: nil, limit: total + 1)
    guard expectCount(list.count, total, "images after 16 concurrent appends", sourceLocation) else { return }
    let positions = Dictionary(list.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    for (index, page) in pages.enumerated() {
      let start = positions[page[0].id] ?? -1
      let whole = page.enumerated().allSatisfy { positions[$1.id] == start + $0 }
      guard whole else {
        Issue.record(
          "page \(index) of 16 concurrent appends did not land whole: its images are not side by side in order",
          sourceLocation: sourceLocation)
        return
      }
    }
  }

  /// FPS-14, through the torn-state phase the concurrency specs share: two writer threads replace the list with
  /// value N (two images of N) while two reader threads read the first page; every page read must be one list whole.
  static func verifyConcurrentReplaces(_ sut: any FeedPageStore, sourceLocation: SourceLocation) async throws {
    try await TornState.verify(
      "list",
      write: { serial in
        _ = try await sut.replacePages(with: (0..<2).map { Fixtures.image("list \(serial) image \($0)", nil) })
      },
      read: {
        let page = try await sut.retrievePage(after: nil, limit: 10)
        let serials = page.map { $0.description?.split(separator: " ").dropFirst().first.flatMap { Int($0) } }
        guard page.count == 2, let serial = serials[0], serials.allSatisfy({ $0 == serial }) else {
          let seen = page.map { shownQuoted($0.description ?? "") }.joined(separator: ", ")
          return .torn("a first page of \(page.count) image\(page.count == 1 ? "" : "s") [\(seen)]")
        }
        return .whole(serial)
      },
      sourceLocation: sourceLocation)
  }
}
