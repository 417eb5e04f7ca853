import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

extension FlawedDisk {
  /// The directory a self-test runs in, for the flaws that need real files.
  @TaskLocal static var directory: URL?

  /// A new disk in the running self-test's directory, or in memory outside one.
  static func fresh() -> FlawedDisk {
    FlawedDisk(directory: directory?.appending(path: "flawed-\(UUID().uuidString)", directoryHint: .isDirectory))
  }
}

/// Runs `body` in a new temporary directory where `FlawedDisk.fresh()` makes real files (and the damage specs find
/// them).
func inFlawedDirectory(_ body: () async throws -> Void) async throws {
  try await withTemporaryDirectory(preferringMemory: true) { directory in
    try await FlawedDisk.$directory.withValue(directory) { try await body() }
  }
}

/// The self-test of a persistent suite's damage spec: a store whose reader skips the lines that do not parse fails it,
/// with a message that names the spec and the shorter result.
func expectDamageCaught(_ id: String, _ verify: (FlawedDisk) async throws -> Void) async throws {
  try await inFlawedDirectory {
    let disk = FlawedDisk.fresh()
    try await withKnownIssue {
      try await verify(disk)
    } matching: { issue in
      issue.mentions("\(id): with the file", "a damaged store must throw, never give less than it holds")
    }
  }
}
