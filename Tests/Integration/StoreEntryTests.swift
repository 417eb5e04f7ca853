import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Anyone who can create a file in a shared cache directory can put a symbolic link or a FIFO where the app will
/// write: the app never follows such an entry (a link's target is never written, truncated or created) and never
/// waits on one.
@Suite("Entries planted in the store directory")
struct StoreEntryTests {
  @Test(
    "APP-30 a link or a FIFO at any name the app writes (probe, feed, search, likes, locks, databases and their journals) is never followed or waited on",
    arguments: PlantedEntry.allCases)
  func plantedEntries(_ entry: PlantedEntry) async throws {
    let feed = try #require(builtExecutable(named: "feed"), "the feed executable is built beside the tests")
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.appending(path: "store")
      let elsewhere = directory.appending(path: "elsewhere")
      try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
      for name in entry.names {
        try FileManager.default.createDirectory(
          at: store.appending(path: name).deletingLastPathComponent(), withIntermediateDirectories: true)
        try entry.kind.plant(at: store.appending(path: name), victim: elsewhere.appending(path: victimName(for: name)))
      }
      let victims = try snapshot(of: elsewhere)

      for arguments in entry.commands {
        let run = try await offPool {
          spawnAndWait(
            ["/usr/bin/timeout", "60", feed.path(percentEncoded: false)] + arguments
              + ["--store", store.path(percentEncoded: false)]
              + (arguments.first == "browse" ? [] : ["--store-kind", entry.storeKind]),
            output: true, errors: true)
        }.get()
        #expect(run.status != 124, "\(arguments) waited on the entry: killed after 60 s")
        #expect(run.status == 0 || run.output.hasPrefix("error: "), "\(arguments): \(run.status) \(run.output)")
      }

      #expect(try snapshot(of: elsewhere) == victims, "a planted entry was followed: \(entry)")
    }
  }

  @Test("APP-30 a FIFO at the likes' sync lock is named as the entry it is, in the store it is in: not as the store")
  func lockEntryNamed() async throws {
    let feed = try #require(builtExecutable(named: "feed"), "the feed executable is built beside the tests")
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let store = directory.path(percentEncoded: false)
      let lock = directory.appending(path: "likes-sync.lock").path(percentEncoded: false)
      #expect(mkfifo(lock, 0o600) == 0)

      let run = try await offPool {
        spawnAndWait(
          ["/usr/bin/timeout", "60", feed.path(percentEncoded: false), "sync", "--store", store], output: true,
          errors: true)
      }.get()

      #expect(run.status == 1, "\(run.output)")
      let said = run.output.replacingOccurrences(of: store + "/ as", with: store + " as")
      #expect(
        said.hasPrefix("error: Cannot use \(store) as the cache directory: \(lock) is not a regular file"), "\(said)")
    }
  }

  private func victimName(for name: String) -> String {
    name.replacingOccurrences(of: "/", with: "_") + ".victim"
  }

  /// What the victims' directory holds: each entry's name and bytes (a directory's listing), recursively.
  private func snapshot(of directory: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let root = directory.path(percentEncoded: false)
    for case let name as String in FileManager.default.enumerator(atPath: root) ?? FileManager.DirectoryEnumerator() {
      let path = (root as NSString).appendingPathComponent(name)
      var info = stat()
      guard lstat(path, &info) == 0 else { continue }
      result[name] = (info.st_mode & S_IFMT) == S_IFREG ? FileManager.default.contents(atPath: path) ?? Data() : Data()
    }
    return result
  }
}

/// A kind of entry planted where the app writes, at every name a store kind's commands use.
struct PlantedEntry: CustomStringConvertible, Sendable {
  enum Kind: String, CaseIterable, Sendable {
    /// A link to a file the user owns, which must keep its bytes.
    case linkToFile
    /// A link to an empty file the user owns, which must stay empty (SQLite would make it a database).
    case linkToEmptyFile
    /// A link to a name that does not exist, which must not be created.
    case danglingLink
    /// A FIFO, whose open would wait for a writer forever.
    case fifo

    func plant(at url: URL, victim: URL) throws {
      let path = url.path(percentEncoded: false)
      switch self {
      case .linkToFile where url.lastPathComponent == "likes", .linkToEmptyFile where url.lastPathComponent == "likes":
        try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: victim)
      case .linkToFile:
        try Data("the user's own file".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: victim)
      case .linkToEmptyFile:
        try Data().write(to: victim)
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: victim)
      case .danglingLink:
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: victim)
      case .fifo:
        guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
      }
    }
  }

  let storeKind: String
  let names: [String]
  let kind: Kind

  /// The writing commands: the feed online (probe, feed, images, pages; four images write every file sixty-four do), a
  /// search, a like offline, the liked list,
  /// the validation that deletes what it cannot read, and browse's page list (always in `feed.sqlite`).
  var commands: [[String]] {
    [
      ["--items", "4"], ["search", "light"], ["like", "00000000-0000-0000-0000-000000000001", "--offline"], ["likes"],
      ["validate-cache"], ["browse", "--report", "--items", "30"],
    ]
  }

  var description: String { "\(kind) at \(names.joined(separator: ", ")) (\(storeKind))" }

  static let databases = ["feed.sqlite", "images.sqlite"]
  static let journals = databases.flatMap { [$0 + "-wal", $0 + "-shm", $0 + "-journal"] }
  static let fileSystemNames = [
    ".write-probe", "feed.cache", "search.cache", "search.lock", "pending-likes", "pending-likes.lock",
    "likes-sync.lock", "likes", "pages", "pages.lock", "browse.lock",
  ]

  /// The names only the file stores write, each in a case of its own.
  static let fileStoreEntries = (fileSystemNames + ["likes/feed.cache"]).map { [$0] }

  /// The names SQLite opens: each database, and the journals together.
  static let sqliteEntries: [(storeKind: String, names: [String])] =
    (databases + ["likes.sqlite"]).map { ("sqlite", [$0]) } + [
      ("sqlite", journals + ["likes.sqlite-wal", "likes.sqlite-shm"]),
      // The image cache is a database whichever kind keeps the feed.
      ("filesystem", ["images.sqlite"]), ("filesystem", journals.filter { $0.hasPrefix("images.") }),
    ]

  /// Every kind at every name, but a link to an empty file only where SQLite opens the name: an empty target differs
  /// from a full one to SQLite alone (it would make it a database); to the file stores both are a link, which the
  /// link to a file stands for (a sixth of the app runs this test makes, with nothing new to see).
  static let allCases: [PlantedEntry] = Kind.allCases.flatMap { kind in
    (kind == .linkToEmptyFile
      ? [] : fileStoreEntries.map { PlantedEntry(storeKind: "filesystem", names: $0, kind: kind) })
      + sqliteEntries.map { PlantedEntry(storeKind: $0.storeKind, names: $0.names, kind: kind) }
  }
}

/// Another program's SQLite database where the app keeps one of its own: every command leaves it as it is.
@Suite("Another program's database in the store directory")
struct ForeignDatabaseAppTests {
  @Test(
    "SQL-11 another program's database (the smallest or the next schema version, or one of ours without our tables) at feed.sqlite, images.sqlite or likes.sqlite is left byte for byte as it was by every command",
    arguments: [
      ("feed.sqlite", "sqlite"), ("feed.sqlite", "filesystem"), ("images.sqlite", "filesystem"),
      ("images.sqlite", "sqlite"), ("likes.sqlite", "sqlite"),
    ],
    // The smallest version, the one after the store's own 3, and 2: ours, with none of our tables. The store's own
    // SQL-11 spec runs every operation at every kind of version (a negative, the largest, the next, none); here
    // each command shows that it leaves such a file alone, which three of them show as well as five.
    [Int32.min, 4, 2])
  func foreignDatabase(database: (name: String, storeKind: String), version: Int32) async throws {
    let (name, storeKind) = database
    let feed = try #require(builtExecutable(named: "feed"), "the feed executable is built beside the tests")
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let file = directory.appending(path: name)
      try SQLiteShell.execute(
        "CREATE TABLE users (name TEXT); INSERT INTO users VALUES ('ada'); PRAGMA user_version = \(version)", in: file)
      let before = try Data(contentsOf: file)
      let commands = [
        ["like", "00000000-0000-0000-0000-000000000001", "--offline"], ["--items", "4"], ["search", "light"], ["likes"],
        ["validate-cache"], ["browse", "--report", "--items", "50"], ["--offline"], ["sync"],
      ]

      for arguments in commands {
        let run = try await offPool {
          spawnAndWait(
            [feed.path(percentEncoded: false)] + arguments
              + ["--store", directory.path(percentEncoded: false)]
              + (arguments.first == "browse" ? [] : ["--store-kind", storeKind]),
            output: true, errors: true)
        }.get()
        #expect(try Data(contentsOf: file) == before, "\(arguments) changed \(name) at \(version): \(run.output)")
      }
    }
  }
}
