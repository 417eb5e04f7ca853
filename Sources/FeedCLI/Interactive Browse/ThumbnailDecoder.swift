import Dispatch
import FeedImages
import FeedTerminal
import Foundation
import Synchronization

/// Decodes thumbnails one at a time on a thread of its own, never on the main actor and never on the cooperative
/// pool: a large photo's decode (a 4096 × 4096 PNG takes a tenth of a second) holds neither the screen nor the
/// pool's few threads, which deliver keys and loads. One at a time also bounds the memory of whole-picture decodes
/// (PNG) to one picture. A decode whose caller was cancelled before it started is skipped.
final class ThumbnailDecoder: Sendable {
  private let queue = DispatchQueue(label: "essentialfeed.thumbnails", qos: .userInitiated)

  /// `data` (JPEG, PNG or PGM) as a thumbnail of `size` cells in `colours`; `nil` when it is no picture we decode,
  /// or when the caller was cancelled before the decode started.
  func thumbnail(of data: Data, size: (columns: Int, rows: Int), colours: ColourDepth) async -> Thumbnail? {
    let cancelled = Mutex(false)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        queue.async {
          guard !cancelled.withLock({ $0 }) else { return continuation.resume(returning: nil) }
          continuation.resume(returning: Self.decode(data, size: size, colours: colours))
        }
      }
    } onCancel: {
      cancelled.withLock { $0 = true }
    }
  }

  /// The decode itself, on the calling thread.
  static func decode(_ data: Data, size: (columns: Int, rows: Int), colours: ColourDepth) -> Thumbnail? {
    guard let picture = try? Picture(decoding: data, fitting: (size.columns, size.rows * 2)) else { return nil }
    return Thumbnail(picture, columns: size.columns, rows: size.rows, depth: colours)
  }
}
