import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation
import TestSupport
import Testing

/// A symbolic link where a store's file belongs (anyone who can write the directory can plant one): the store never
/// writes, truncates or creates the link's target, whatever it does with the link itself.
@Suite("Stores on symbolic links")
struct SymbolicLinkSpecs {
  enum Target: String, CaseIterable {
    /// A file of the user's with bytes, which must keep them.
    case file
    /// An empty file of the user's, which must stay empty (SQLite makes an empty file a database).
    case emptyFile
    /// A name that does not exist, which must not be created.
    case missing
  }

  @Test(
    "CFS-6 a symbolic link where a store's file belongs is never followed: its target keeps its bytes or stays missing",
    arguments: ShippedStore.persistent, Target.allCases)
  func storeFile(kind: ShippedStore, target: Target) async throws {
    try await withTemporaryDirectory { directory in
      let location = kind.location(in: directory.appending(path: "store"))
      let victim = try plantLink(at: kind.feedFile(at: location), to: target, in: directory)
      let sut = kind.makeStore(at: location)

      _ = try? await sut.retrieve()
      try? await sut.insert(uniqueFeed().local, timestamp: Date())
      _ = try? await sut.retrieve()

      #expect(contents(of: victim) == target.contents, "the link's target was written through")
    }
  }

  @Test(
    "CFS-6 a symbolic link where the pending likes' journal or lock, or the image database, belongs is never followed",
    arguments: ["pending-likes", "pending-likes.lock", "images.sqlite"], Target.allCases)
  func otherFiles(name: String, target: Target) async throws {
    try await withTemporaryDirectory { directory in
      let store = directory.appending(path: "store")
      let victim = try plantLink(at: store.appending(path: name), to: target, in: directory)

      if name == "images.sqlite" {
        let sut = SQLiteFeedStore(storeURL: store.appending(path: name))
        try? await sut.insert(Data("image".utf8), for: anyURL())
        _ = try? await sut.retrieve(dataForURL: anyURL())
      } else {
        let sut = FileSystemFeedStore(directory: store)
        try? await sut.enqueue(PendingLikeAction(imageID: UUID(), kind: .like, timestamp: Date()))
        _ = try? await sut.pendingActions()
      }

      #expect(contents(of: victim) == target.contents, "\(name): the link's target was written through")
    }
  }

  @Test(
    "CFS-6 a symbolic link where the file-system image store's directory, index or lock belongs is never followed",
    arguments: ["images", "images.index", "images.lock"], Target.allCases)
  func imageStoreEntries(name: String, target: Target) async throws {
    try await withTemporaryDirectory { directory in
      let store = directory.appending(path: "store")
      let victim = directory.appending(path: "victim")
      if name == "images" {
        // A directory of the user's, which must keep its entries and gain none.
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        if target != .missing { try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true) }
        if target == .file { try Data("the user's own file".utf8).write(to: victim.appending(path: "notes")) }
        try FileManager.default.createSymbolicLink(at: store.appending(path: name), withDestinationURL: victim)
      } else {
        _ = try plantLink(at: store.appending(path: name), to: target, in: directory)
      }
      let before = tree(at: victim)

      let sut = FileSystemImageDataStore(directory: FileSystemStoreDirectory(directory: store))
      try? await sut.insert(Data("image".utf8), for: anyURL())
      _ = try? await sut.retrieve(dataForURL: anyURL())

      #expect(tree(at: victim) == before, "\(name): the link was followed")
    }
  }

  /// What is at `url`: a file's bytes, or a directory's entries with theirs; `nil` for nothing.
  private func tree(at url: URL) -> [String: Data]? {
    let path = url.path(percentEncoded: false)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
    guard isDirectory.boolValue else { return ["": contents(of: url) ?? Data()] }
    let names = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
    return Dictionary(uniqueKeysWithValues: names.map { ($0, contents(of: url.appending(path: $0)) ?? Data()) })
  }

  /// Puts a link at `url` to a victim outside the store, and returns the victim.
  private func plantLink(at url: URL, to target: Target, in directory: URL) throws -> URL {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let victim = directory.appending(path: "victim")
    if let bytes = target.contents { try bytes.write(to: victim) }
    try FileManager.default.createSymbolicLink(at: url, withDestinationURL: victim)
    return victim
  }

  private func contents(of url: URL) -> Data? {
    FileManager.default.contents(atPath: url.path(percentEncoded: false))
  }
}

extension SymbolicLinkSpecs.Target {
  /// What the victim holds before, and must hold after: `nil` for no file.
  var contents: Data? {
    switch self {
    case .file: Data("the user's own file".utf8)
    case .emptyFile: Data()
    case .missing: nil
    }
  }
}
