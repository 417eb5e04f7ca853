import Foundation

/// ``FileSystemImageDataStore``'s index of its images in memory: each image's size and date and the order of use,
/// loaded from the journal (``ImageIndexJournal``) on the first operation that needs it, an insert or a size query.
/// A lookup does not: it opens the image's file by name, so opening a store costs the same with 100 images as with
/// 100,000.
struct ImageIndex {
  typealias Record = ImageIndexJournal.Record

  private(set) var entries = ImageEntries<SHA256, Void>()
  /// How many records the journal file holds, to know when compacting it pays.
  private(set) var journalRecords = 0
  /// Whether the journal file must be rewritten whole: it was lost, damaged, or a write to it failed.
  var needsRewrite = false

  /// Where the journal and the image files are.
  struct Location {
    let journal: String
    let images: String
    let maximumFileSize: Int

    func imagePath(_ digest: SHA256) -> String {
      StorePath.appending(ImageFileFormat.fileName(for: digest), to: images)
    }
  }

  /// Loads the index from the journal; a missing, unreadable or damaged journal (a size no file of the store can
  /// have counts as damage) is rebuilt from the image files, never a crash. A file whose write never completed (a
  /// `dirty` record last) or whose removal was recorded but not made (a `removed` record last) is deleted.
  static func load(_ location: Location) -> ImageIndex {
    var index = ImageIndex()
    let journal = try? AtomicFile.read(location.journal, limit: Int(Int32.max))
    if let journal, let records = try? ImageIndexJournal.decode(journal),
      !records.contains(where: { $0.size > location.maximumFileSize })
    {
      var dirty = Set<SHA256>()
      var removed = Set<SHA256>()
      for record in records {
        index.apply(record, dirty: &dirty)
        switch record {
        case .removed(let digest): removed.insert(digest)
        case .clean(let digest, _, _), .dirty(let digest): removed.remove(digest)
        case .read: break
        }
      }
      for digest in dirty.union(removed) { try? AtomicFile.removeItem(location.imagePath(digest)) }
      index.journalRecords = records.count
      index.needsRewrite = !dirty.isEmpty
    } else {
      index.rebuild(from: location)
    }
    return index
  }

  /// Applies a record, as a journal replays it, or as the store records a change.
  mutating func apply(_ record: Record) {
    var dirty = Set<SHA256>()
    apply(record, dirty: &dirty)
  }

  private mutating func apply(_ record: Record, dirty: inout Set<SHA256>) {
    switch record {
    case .dirty(let digest):
      dirty.insert(digest)
      entries.remove(digest)
    case .clean(let digest, let size, let stored):
      dirty.remove(digest)
      _ = try? entries.insert((), size: size, for: digest, stored: stored, limits: nil)
    case .read(let digest):
      entries.recordUse(of: digest)
    case .removed(let digest):
      dirty.remove(digest)
      entries.remove(digest)
    }
  }

  /// Stores an entry and evicts for `limits`, as ``ImageEntries/insert(_:size:for:stored:limits:)`` does.
  mutating func insert(_ digest: SHA256, size: Int, stored: Date, limits: ImageCacheLimits?)
    throws(ImageTooLargeError)
  {
    try entries.insert((), size: size, for: digest, stored: stored, limits: limits)
  }

  /// Counts records appended to the journal.
  mutating func appended(_ count: Int) {
    journalRecords += count
  }

  /// Whether the journal holds so many records more than live entries that rewriting it pays.
  var shouldCompact: Bool {
    needsRewrite || journalRecords > 2 * entries.count + 1_000
  }

  /// The journal of the live entries alone, in order of use, as a compaction writes it.
  func compacted() -> Data {
    let records = entries.keysByUse.compactMap { digest -> Record? in
      entries.entry(for: digest).map { .clean(digest, size: $0.size, stored: $0.stored) }
    }
    return Data(ImageIndexJournal.header() + ImageIndexJournal.encode(records))
  }

  /// Marks the journal as rewritten with the live entries.
  mutating func rewritten() {
    journalRecords = entries.count
    needsRewrite = false
  }

  /// Rebuilds the index from the image files: valid ones are indexed, oldest first; anything else in the directory
  /// (a damaged file, a file of an older format, a directory) is removed. A link in the directory's place is never
  /// followed: what it points to is not the store's to index or remove.
  private mutating func rebuild(from location: Location) {
    needsRewrite = true
    guard AtomicFile.isOwnDirectory(location.images),
      let names = try? FileManager.default.contentsOfDirectory(atPath: location.images)
    else { return }
    var found: [(digest: SHA256, size: Int, stored: Date)] = []
    for name in names {
      let path = StorePath.appending(name, to: location.images)
      guard let digest = ImageFileFormat.digest(ofFileName: name),
        let file = try? AtomicFile.read(path, limit: location.maximumFileSize),
        let contents = try? ImageFileFormat.decode(file), SHA256(contents.key) == digest
      else {
        try? AtomicFile.removeItem(path)
        continue
      }
      found.append((digest, contents.data.count, contents.stored))
    }
    for entry in found.sorted(by: { $0.stored < $1.stored }) {
      apply(.clean(entry.digest, size: entry.size, stored: entry.stored))
    }
  }
}
