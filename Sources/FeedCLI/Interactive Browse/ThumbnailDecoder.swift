import Dispatch
import FeedImages
import FeedTerminal
import Foundation
import Synchronization

/// Decodes and encodes pictures one at a time on a thread of its own, never on the main actor and never on the
/// cooperative pool: a large photo's decode (a 4096 × 4096 PNG takes a tenth of a second) and its encode for a
/// graphics protocol hold neither the screen nor the pool's few threads, which deliver keys and loads. One at a time
/// also bounds the memory of whole-picture decodes (PNG) to one picture. A decode whose caller was cancelled before
/// it started is skipped; a picture made before, for the same size, comes from the ``PictureCache``.
final class ThumbnailDecoder: Sendable {
  private let queue = DispatchQueue(label: "essentialfeed.thumbnails", qos: .userInitiated)
  private let cache = PictureCache()
  /// The bytes that proved no picture lately: a load that answers them again asks the server instead.
  let undecodable = UndecodableImages()

  /// `data` (JPEG, PNG or PGM) as a picture in a box of `size` cells drawn in `style`; "too large to show" for one over
  /// the pixel limits; `nil` when it is no picture we decode (recorded in ``undecodable``), or when the caller was
  /// cancelled before the decode started.
  ///
  /// - Parameter fitted: Whether the picture keeps its shape inside the box (the detail's) instead of filling it.
  func thumbnail(
    of data: Data, size: (columns: Int, rows: Int), style: BrowsePictureStyle, fitted: Bool = false
  ) async -> Thumbnail? {
    let key = PictureCache.Key(data, size: size, fitted: fitted, style: style)
    let cancelled = Mutex(false)
    let (cache, undecodable) = (cache, undecodable)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        queue.async {
          guard !cancelled.withLock({ $0 }) else { return continuation.resume(returning: nil) }
          if let kept = cache.thumbnail(for: key) { return continuation.resume(returning: kept) }
          let thumbnail = Self.decode(data, size: size, style: style, fitted: fitted)
          if let thumbnail { cache.keep(thumbnail, for: key) } else { undecodable.record(data) }
          continuation.resume(returning: thumbnail)
        }
      }
    } onCancel: {
      cancelled.withLock { $0 = true }
    }
  }

  /// The decode and encode themselves, on the calling thread.
  static func decode(
    _ data: Data, size: (columns: Int, rows: Int), style: BrowsePictureStyle, fitted: Bool = false
  ) -> Thumbnail? {
    let picture: Picture
    do {
      picture = try Picture(decoding: data, fitting: style.pixels(columns: size.columns, rows: size.rows))
    } catch let error as PictureError where error.isTooLarge {
      return Thumbnail(notice: "too large to show", columns: size.columns, rows: size.rows)
    } catch {
      return nil
    }
    let limit = style.graphics == .sixel ? sixelPixels : nil
    let box = fitted ? fit(picture, in: size, cell: style.cell, pixels: limit) : size
    var thumbnail = Thumbnail(picture, columns: box.columns, rows: box.rows, depth: style.colours)
    thumbnail.image = TerminalImage(
      picture, graphics: style.graphics, columns: box.columns, rows: box.rows, cell: style.cell,
      colourRegisters: style.colourRegisters)
    return thumbnail
  }

  /// The most pixels a sixel picture has: sixel cannot be told to scale, so every pixel of its box is sent (a
  /// megapixel is about 400 KB of sixel for a photo).
  static let sixelPixels = 1_000_000

  /// The cells `picture` takes at its shape, as large as `box` allows, and within `pixels` pixels if given.
  private static func fit(
    _ picture: Picture, in box: (columns: Int, rows: Int), cell: CellSize, pixels: Int? = nil
  ) -> (columns: Int, rows: Int) {
    let (width, height) = (Double(picture.width), Double(picture.height))
    var scale = min(Double(box.columns * cell.width) / width, Double(box.rows * cell.height) / height)
    var rounding = FloatingPointRoundingRule.toNearestOrAwayFromZero
    if let pixels, width * scale * height * scale > Double(pixels) {
      (scale, rounding) = ((Double(pixels) / (width * height)).squareRoot(), .down)
    }
    let columns = Int((width * scale / Double(cell.width)).rounded(rounding))
    let rows = Int((height * scale / Double(cell.height)).rounded(rounding))
    return (min(box.columns, max(1, columns)), min(box.rows, max(1, rows)))
  }
}
