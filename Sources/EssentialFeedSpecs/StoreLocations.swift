import Foundation

/// Runs `body` with a new, empty directory for a store under test, and removes the directory afterwards, whatever
/// `body` does (making what ``makeReadOnly(_:)`` made read-only writable again first).
///
/// The persistent suites' damage specs (FSP-5, SRP-5, FPP-4, PAP-4, ILP-7) damage the files a store keeps below this
/// directory, so run them inside it.
///
/// Every call gets a directory of its own, so specs that run in parallel never share a store:
///
/// ```swift
/// @Test(arguments: PersistentFeedStoreSpec.allCases)
/// func myStorePersists(_ spec: PersistentFeedStoreSpec) async throws {
///   try await withTemporaryStoreDirectory { directory in
///     let storeURL = directory.appending(path: "feed.store")
///     try await spec.verify { MyStore(storeURL: storeURL) }
///   }
/// }
/// ```
///
/// - Parameters:
///   - parent: Where to make the directory, below a folder named `EssentialFeedSpecs`; defaults to the system's
///     temporary directory.
///   - isolation: The caller's actor, on which `body` runs; inferred from the call site.
///   - body: The work to do with the directory.
/// - Returns: What `body` returns.
/// - Throws: The file system's error when the directory cannot be made; any error `body` throws.
public func withTemporaryStoreDirectory<Result>(
  in parent: URL = FileManager.default.temporaryDirectory,
  isolation: isolated (any Actor)? = #isolation,
  _ body: (URL) async throws -> Result
) async throws -> Result {
  let directory = parent.appending(path: "EssentialFeedSpecs", directoryHint: .isDirectory)
    .appending(path: UUID().uuidString, directoryHint: .isDirectory)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer {
    makeReadOnlyLocationsWritable(in: directory)
    try? FileManager.default.removeItem(at: directory)
  }
  return try await StoreDirectory.$current.withValue(directory, operation: { try await body(directory) })
}

/// The directory ``withTemporaryStoreDirectory(in:isolation:_:)`` gave the running test: where the specs that damage
/// a store's files find them.
enum StoreDirectory {
  @TaskLocal static var current: URL?
}

/// A location where a store can create, write and delete nothing, even in tests that run as root: a path below a
/// regular file.
///
/// Every system call on such a path fails with `ENOTDIR`. Permissions would not do: root ignores them. Use it for the
/// insertion and deletion failures of ``FeedStoreFailures``.
///
/// - Parameters:
///   - directory: An existing directory to make the regular file in, such as one from
///     ``withTemporaryStoreDirectory(in:isolation:_:)``.
///   - name: The location's last path component: your store's file or directory name.
/// - Returns: `directory/<a new regular file>/name`.
/// - Throws: The file system's error when the regular file cannot be written.
public func makeUnwritableStoreLocation(in directory: URL, named name: String = "store") throws -> URL {
  let regularFile = directory.appending(path: "not-a-directory-\(UUID().uuidString)")
  try Data("A regular file, so that nothing can be made below it.".utf8).write(to: regularFile)
  return regularFile.appending(path: name)
}

/// Writes 4 KiB of bytes that no store format reads (not JSON, a property list, SQLite or a binary header) at `url`,
/// making its directory first, so a store on that file fails to retrieve.
///
/// Use it for the retrieval failure of ``FeedStoreFailures``. A store on a directory rather than a file needs it at
/// the file inside the directory that it reads first.
///
/// - Parameter url: Where the store under test reads its cache.
/// - Throws: The file system's error when the directory or the file cannot be written.
public func writeCorruptStoreFile(at url: URL) throws {
  try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  try Data(repeating: 0x2A, count: 4_096).write(to: url)
}
