import EssentialFeed
import EssentialFeedCache
import Foundation
import Testing

/// The persistent suites' damage spec: the store is filled, released, and then each of its files in turn is damaged
/// (its last byte cut, cut to half, sixteen bytes changed in the middle or at the end); a new instance must then
/// throw on each read, or give at least what it held: never a shorter feed, list or queue, never a miss.
enum DamageSpec {
  /// One way a file is damaged.
  enum Damage: CaseIterable, CustomStringConvertible {
    case lastByteCut, cutToHalf, middleChanged, endChanged

    var description: String {
      switch self {
      case .lastByteCut: "its last byte cut"
      case .cutToHalf: "cut to half its length"
      case .middleChanged: "16 bytes in its middle changed"
      case .endChanged: "its last 16 bytes changed"
      }
    }

    func apply(to bytes: Data) -> Data {
      var damaged = bytes
      switch self {
      case .lastByteCut: damaged.removeLast()
      case .cutToHalf: damaged.removeLast(bytes.count - bytes.count / 2)
      case .middleChanged, .endChanged:
        let start = self == .middleChanged ? max(0, bytes.count / 2 - 8) : max(0, bytes.count - 16)
        for index in start..<min(bytes.count, start + 16) {
          damaged[damaged.startIndex + index] ^= 0xA5
        }
      }
      return damaged
    }
  }

  /// Fills the stores, then damages each file below `location` (or the directory of
  /// `withTemporaryStoreDirectory`) in every way, checking a new instance each time.
  ///
  /// - Returns: Whether it ran and every damage was an error or left everything readable.
  @discardableResult
  static func verify(
    _ id: String, location: URL?, limitsImages: Bool, sourceLocation: SourceLocation,
    makeStores: @Sendable (HistorySetup) async throws -> StoreCapabilities
  ) async throws -> Bool {
    guard let directory = location ?? StoreDirectory.current else {
      SkippedCheck.record(
        "\(id) could not run: it damages the files of the store's location, which it finds when verify runs inside "
          + "withTemporaryStoreDirectory, or is given as verify(location:)", sourceLocation: sourceLocation)
      return false
    }
    let limits = limitsImages ? ImageCacheLimits(maximumBytes: 1 << 20, maximumAge: 3_600) : nil
    let clock = SpecClock()
    let setup = HistorySetup(imageLimits: limits, clock: clock, clockStart: clock.now(), namespace: 0)
    guard let filled = try await fill(makeStores(setup), setup: setup, sourceLocation: sourceLocation) else {
      return false
    }
    let snapshot = try FileSnapshot(of: directory)
    defer { try? snapshot.restore() }
    for file in snapshot.damageable {
      for damage in Damage.allCases {
        try snapshot.restore()
        try snapshot.damage(file, damage)
        guard let failure = await readBack(setup, filled, makeStores) else { continue }
        Issue.record(
          Comment(
            rawValue: "\(id): with \(snapshot.name(of: file)) \(damage), \(failure); a damaged store must throw, "
              + "never give less than it holds"), sourceLocation: sourceLocation)
        return false
      }
    }
    return true
  }
}
