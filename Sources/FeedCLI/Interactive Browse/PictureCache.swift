import FeedTerminal
import Foundation
import Synchronization

/// The pictures the browse decoded and encoded, by their bytes and the size they were made for, the least recently
/// used dropped past a budget of bytes: a row scrolled back onto the screen costs no second decode or encode.
final class PictureCache: Sendable {
  /// What a picture was made from and for.
  struct Key: Hashable, Sendable {
    let digest: UInt64
    let count: Int
    let columns: Int
    let rows: Int
    let fitted: Bool
    let style: BrowsePictureStyle

    init(_ data: Data, size: (columns: Int, rows: Int), fitted: Bool, style: BrowsePictureStyle) {
      (digest, count, columns, rows, self.fitted, self.style) = (
        Self.digest(data), data.count, size.0, size.1, fitted, style
      )
    }

    /// FNV-1a over every byte of `data`.
    static func digest(_ data: Data) -> UInt64 {
      var digest: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in data { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01B3 }
      return digest
    }
  }

  private struct Entry {
    let thumbnail: Thumbnail
    let cost: Int
    var used: Int
  }

  private struct State {
    var entries: [Key: Entry] = [:]
    var cost = 0
    var clock = 0
  }

  private let state = Mutex(State())
  /// The most bytes of pixels and escape sequences kept.
  let budget: Int

  /// A cache of at most `budget` bytes (32 MB by default).
  init(budget: Int = 32 << 20) {
    self.budget = budget
  }

  /// The picture made for `key`, if it is kept.
  func thumbnail(for key: Key) -> Thumbnail? {
    state.withLock { state in
      state.clock += 1
      state.entries[key]?.used = state.clock
      return state.entries[key]?.thumbnail
    }
  }

  /// Keeps `thumbnail` for `key`, dropping the least recently used pictures past the budget.
  func keep(_ thumbnail: Thumbnail, for key: Key) {
    let cost = thumbnail.pixels.count + (thumbnail.image?.cost ?? 0)
    guard cost <= budget else { return }
    state.withLock { state in
      state.clock += 1
      state.cost += cost - (state.entries[key]?.cost ?? 0)
      state.entries[key] = Entry(thumbnail: thumbnail, cost: cost, used: state.clock)
      while state.cost > budget, let oldest = state.entries.min(by: { $0.value.used < $1.value.used }) {
        state.cost -= oldest.value.cost
        state.entries[oldest.key] = nil
      }
    }
  }
}
