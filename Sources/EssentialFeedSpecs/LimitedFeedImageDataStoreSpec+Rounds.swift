import EssentialFeedCache
import Foundation
import Testing

/// A URL for an image named `name`.
func imageURL(_ name: String) -> URL {
  Fixtures.url("https://images.example.com/limited/\(name).png")
}

/// `count` bytes that differ from URL to URL.
func bytes(_ count: Int, _ url: URL) -> Data {
  Data(repeating: UInt8(truncatingIfNeeded: url.absoluteString.utf8.reduce(0, &+)), count: count)
}

/// Checks what a limited store holds, recording only the first difference.
struct ImageChecks {
  let sut: any LimitedFeedImageDataStore
  let sourceLocation: SourceLocation

  /// Every URL of `present` is a hit, every one of `missing` a miss, and the total is `total` bytes.
  ///
  /// - Returns: Whether all of it held; the first difference is recorded.
  @discardableResult
  func stored(_ present: [URL], missing: [URL], total: Int, _ context: String) async throws -> Bool {
    for url in present where try await sut.retrieve(dataForURL: url) == nil {
      return record("\(context): \(url.lastPathComponent) is a miss, expected a hit")
    }
    for url in missing where try await sut.retrieve(dataForURL: url) != nil {
      return record("\(context): \(url.lastPathComponent) is a hit, expected a miss")
    }
    let stored = try await sut.storedImageDataSize()
    guard stored != total else { return true }
    return record("\(context): total \(stored) bytes, expected \(total)")
  }

  private func record(_ message: String) -> Bool {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    return false
  }
}

extension LimitedFeedImageDataStoreSpec {
  /// Three hundred inserts and reads over twelve URLs, sizes up to 400 bytes against a 1,000-byte limit, each checked
  /// against a plain model of the same LRU rule; stops at the first difference.
  static func verifyRandomWorkload(
    _ sut: any LimitedFeedImageDataStore, seed: UInt64, sourceLocation: SourceLocation
  ) async throws {
    var rng = SplitMix64(seed: seed)
    var model: [(url: URL, size: Int)] = []  // least recently used first
    let urls = (0..<12).map { imageURL("random-\($0)") }
    let fail = { (message: String) -> Void in Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation) }
    for step in 0..<300 {
      let context = "step \(step) (\(RandomizedRounds.replay(seed)))"
      let url = urls[Int.random(in: 0..<urls.count, using: &rng)]
      if Bool.random(using: &rng) {
        let size = Int.random(in: 0...400, using: &rng)
        try await sut.insert(bytes(size, url), for: url)
        model.removeAll { $0.url == url }
        model.append((url, size))
        while model.reduce(0, { $0 + $1.size }) > 1_000 { model.removeFirst() }
        let total = try await sut.storedImageDataSize()
        let expected = model.reduce(0) { $0 + $1.size }
        guard total == expected else { return fail("insert at \(context): total \(total) bytes, expected \(expected)") }
      } else {
        let got = try await sut.retrieve(dataForURL: url)
        let index = model.firstIndex { $0.url == url }
        let expected = index.map { model.remove(at: $0) }
        if let expected { model.append(expected) }
        guard got?.count == expected?.size else {
          let shown = { (size: Int?) in size.map { "\($0) bytes" } ?? "a miss" }
          return fail(
            "read of \(url.lastPathComponent) at \(context): got \(shown(got?.count)), expected \(shown(expected?.size))"
          )
        }
      }
    }
  }

  /// Sixteen inserts of 100 to 400 bytes, on separate threads, at once, against a 1,000-byte limit: the total is then
  /// within the limit, and equal to the sizes of the images still stored.
  static func verifyConcurrentInserts(_ sut: any LimitedFeedImageDataStore, sourceLocation: SourceLocation) async throws
  {
    let images = (0..<16).map { (url: imageURL("concurrent-\($0)"), size: 100 + ($0 * 37) % 301) }
    let gate = StartingGate(parties: images.count)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, image) in images.enumerated() {
        group.addTask(executorPreference: OperationThreadExecutor.shared[index % 8]) {
          await gate.arriveAndWait()
          try await sut.insert(bytes(image.size, image.url), for: image.url)
        }
      }
      try await group.waitForAll()
    }
    let total = try await sut.storedImageDataSize()
    var kept = 0
    for image in images { kept += try await sut.retrieve(dataForURL: image.url)?.count ?? 0 }
    guard total > 1_000 || total != kept else { return }
    Issue.record(
      Comment(rawValue: "after 16 concurrent inserts: total \(total) bytes, the images stored add up to \(kept)"),
      sourceLocation: sourceLocation)
  }

  /// ICL-22: an empty image, then an image of exactly the limit (which leaves no room for any other byte), then one
  /// a byte over the limit, which is rejected and changes nothing.
  static func verifyBoundaries(_ sut: any LimitedFeedImageDataStore, check: ImageChecks) async throws {
    let (empty, a, exact, over) = (imageURL("empty"), imageURL("a"), imageURL("exact"), imageURL("over"))
    try await sut.insert(Data(), for: empty)
    try await sut.insert(bytes(400, a), for: a)
    guard try await check.stored([empty, a], missing: [], total: 400, "after an empty image and 400 bytes") else {
      return
    }
    do {
      try await sut.insert(bytes(1_000, exact), for: exact)
    } catch {
      Issue.record(
        "insert of exactly the 1,000-byte limit: got \(error), expected success", sourceLocation: check.sourceLocation)
      return
    }
    guard try await check.stored([exact], missing: [a], total: 1_000, "after an image of exactly the limit") else {
      return
    }
    do {
      try await sut.insert(bytes(1_001, over), for: over)
      Issue.record("insert of 1,001 bytes over a 1,000-byte limit: succeeded", sourceLocation: check.sourceLocation)
    } catch {
      try await check.stored([exact], missing: [over], total: 1_000, "after an image one byte over the limit")
    }
  }
}
