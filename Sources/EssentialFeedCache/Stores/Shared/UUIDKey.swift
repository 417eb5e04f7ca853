import Foundation

/// A UUID as a dictionary key that hashes as two 64-bit words: `UUID`'s own hashing feeds its 16 bytes through the
/// hasher's generic byte path, which cost the pending likes' indexes more than their other work (issue 44). The
/// hasher is still the seeded one, so keys chosen to collide collide no more than they would as UUIDs.
struct UUIDKey: Hashable, Sendable {
  private let high: UInt64
  private let low: UInt64

  init(_ uuid: UUID) {
    let bytes = uuid.uuid
    high = withUnsafeBytes(of: (bytes.0, bytes.1, bytes.2, bytes.3, bytes.4, bytes.5, bytes.6, bytes.7)) {
      $0.loadUnaligned(as: UInt64.self)
    }
    low = withUnsafeBytes(of: (bytes.8, bytes.9, bytes.10, bytes.11, bytes.12, bytes.13, bytes.14, bytes.15)) {
      $0.loadUnaligned(as: UInt64.self)
    }
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(high)
    hasher.combine(low)
  }
}
