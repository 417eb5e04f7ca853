import EssentialFeed
import EssentialFeedCache
import Foundation

/// A store of every capability in text files on a `FlawedDisk`, as an adopter might write one, with one `Flaw` (or
/// none). Each operation reads the files it needs and writes them whole; instances on one disk share it, each change
/// a read and a write under the disk's lock.
actor FlawedStore: FeedStore, LimitedFeedImageDataStore, FeedSearchStore, FeedPageStore, PendingLikeActionStore {
  let flaw: Flaw
  let disk: FlawedDisk
  let format: FlawedTextFormat
  let limits: ImageCacheLimits?
  let currentDate: @Sendable () -> Date
  /// What this instance read first, for the flaw that never reads a file again.
  var firstReads: [String: Data?] = [:]
  /// When each image was stored, for the flaw that keeps it in memory only.
  var storedInMemory: [String: Date] = [:]
  /// The image index as this instance last changed it, for the flaw that changes it before its write succeeds.
  var cachedIndex: [String]?
  let opened: Date

  init(
    _ flaw: Flaw, disk: FlawedDisk = FlawedDisk(), limits: ImageCacheLimits? = nil,
    currentDate: @escaping @Sendable () -> Date = Date.init
  ) {
    self.flaw = flaw
    self.disk = disk
    self.format = FlawedTextFormat(flaw: flaw)
    self.limits = limits.map { limits in
      guard flaw == .imageLimitIn32Bits else { return limits }
      return ImageCacheLimits(
        maximumBytes: Int(Int32(truncatingIfNeeded: limits.maximumBytes)), maximumAge: limits.maximumAge)
    }
    self.currentDate = currentDate
    opened = currentDate()
  }

  /// The records of file `name`, none when there is no file.
  func read(_ name: String) throws -> [[String]] {
    let data: Data?
    if flaw == .readsOnce, let first = firstReads[name] {
      data = first
    } else {
      data = try disk.read(name)
      firstReads[name] = .some(data)
    }
    return try data.map(format.records) ?? []
  }

  /// Reads file `name`, changes its lines, and writes it back, alone (or, for the flaw, with a suspension between
  /// the read and the write and no lock).
  func change(_ name: String, _ body: ([[String]]) throws -> [String]) async throws {
    guard flaw == .writesWithoutLock else {
      return try disk.locked { try write(name, try body(try read(name))) }
    }
    let records = try read(name)
    await Task.yield()
    try write(name, try body(records))
  }

  func remove(_ name: String) throws {
    try disk.remove(name)
    if flaw == .readsOnce { firstReads[name] = .some(nil) }
  }

  func write(_ name: String, _ lines: [String]) throws {
    let data = format.file(lines)
    try disk.write(data, name)
    if flaw == .readsOnce { firstReads[name] = .some(data) }
  }

  /// Parses each record with `parse`; for the flaw, skips the ones that do not parse.
  func parsed<T>(_ records: [[String]], _ parse: ([String]) throws -> T)
    throws
    -> [T]
  {
    guard flaw == .damagedLinesSkipped else { return try records.map(parse) }
    return records.compactMap { try? parse($0) }
  }

  // MARK: FeedStore

  func deleteCachedFeed() async throws {
    try disk.locked {
      try remove("feed")
      if flaw == .feedDeleteDeletesSearch { try remove("search") }
    }
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
    var images = feed
    if flaw == .feedKeyedByID {
      var seen: Set<UUID> = []
      images = feed.filter { seen.insert($0.id).inserted }
    }
    var lines = [format.date(timestamp)] + images.map(format.image)
    if flaw == .feedCountIn16Bits { lines = Array(lines.prefix(1 + Int(UInt16(truncatingIfNeeded: images.count)))) }
    try disk.locked { try write("feed", lines) }
  }

  func replaceCachedFeed(with feed: [LocalFeedImage], timestamp: Date) async throws {
    try await insert(feed, timestamp: timestamp)
  }

  func retrieve() async throws -> CachedFeed? {
    let records = try read("feed")
    guard let first = records.first else { return nil }
    guard first.count == 1 else { throw FlawedTextFormat.Damaged(description: "a feed without its timestamp") }
    return CachedFeed(
      feed: try parsed(Array(records.dropFirst()), format.image), timestamp: try format.date(from: first[0]))
  }
}
