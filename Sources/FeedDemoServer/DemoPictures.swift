import FeedImages
import Foundation
import Synchronization

/// The formats `feed serve` can serve its images in.
public enum DemoImageFormat: String, CaseIterable, Sendable {
  /// JPEG and PNG in turn, as real feeds mix them.
  case mixed
  /// Every image a JPEG.
  case jpeg
  /// Every image a PNG.
  case png
  /// Small grey-scale greymaps (``DemoFeed/imageData(for:)``), the demo's first format.
  case pgm
}

/// The demo server's pictures: sixteen landscapes that look like photos at thumbnail size (a sky, a sun, hills,
/// water, grain), made with libjpeg-turbo and libpng the first time each is asked for and kept. Image `n` of the feed
/// shows landscape `n % 16`; landscape 6 is 2048 × 2048 (1024 × 1024 as a PNG), so the cost of decoding a large photo
/// shows, the others are 320 × 240.
final class DemoPictures: Sendable {
  let format: DemoImageFormat
  private let made = Mutex<[Int: (data: Data, contentType: String)]>([:])

  init(format: DemoImageFormat) {
    self.format = format
  }

  /// The bytes and content type of the image at `index` of the feed, whose id is `id`.
  func image(at index: Int, id: UUID) -> (data: Data, contentType: String) {
    let variant = index % 16
    let usesPNG = format == .png || (format == .mixed && variant % 2 == 1)
    guard format != .pgm else { return (DemoFeed.imageData(for: id), "image/x-portable-graymap") }
    let key = variant * 2 + (usesPNG ? 1 : 0)
    if let image = made.withLock({ $0[key] }) { return image }
    let side = variant == 6 ? (usesPNG ? 1_024 : 2_048) : 0
    let picture = Landscape(variant: variant).picture(
      width: side > 0 ? side : 320, height: side > 0 ? side : 240)
    let encoded = picture.flatMap { usesPNG ? try? PNG.encode($0) : try? JPEG.encode($0, quality: 85) }
    let data = encoded ?? Data()
    let image = (data, usesPNG ? "image/png" : "image/jpeg")
    made.withLock { $0[key] = image }
    return image
  }
}
