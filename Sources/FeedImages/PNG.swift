import CImageCodecs
import CPNG
import Foundation

/// PNG through libpng: decoded with its full reading API in C (``fi_png_decode``, errors caught there), encoded with
/// its simplified API. The header's size is checked against the limits first, then the picture decodes (8-bit RGB,
/// transparency composed over black, 16-bit samples reduced): whole, or, to fit a size, reduced while its rows are
/// read (each pixel the mean of a box of the file's), so a 4096 px photo for a thumbnail never takes 50 MB. Every
/// ancillary chunk but transparency is skipped unread: text, ICC profiles and unknown chunks cost nothing to decode
/// however many or large (the simplified API inflated each text chunk in full, up to 8 MB, a thousand of them).
public enum PNG {
  /// Whether `bytes` start with the PNG signature.
  public static func isPNG(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
  }

  /// Decodes `data`; with `fitting`, reduced by the largest whole factor that still leaves at least that many pixels
  /// each way (each pixel the mean of its box), as JPEG scales while decoding.
  ///
  /// - Throws: ``PictureError`` for data libpng refuses (a truncated file, a bad checksum of a critical chunk), and
  ///   for a picture over ``Picture/maximumSide`` or ``Picture/maximumPixels`` (refused from its header).
  public static func decode(_ data: Data, fitting target: (width: Int, height: Int)? = nil) throws -> Picture {
    try decodeCounting(data, fitting: target).picture
  }

  /// The factor a `width` × `height` picture is reduced by to fit `target`: the largest that leaves at least
  /// `target`'s pixels each way, 1 when the picture is no larger.
  static func factor(width: Int, height: Int, fitting target: (width: Int, height: Int)) -> Int {
    max(1, min(width / max(1, target.width), height / max(1, target.height)))
  }

  /// Decodes `data` (reduced to fit `target`, when given), and says how many bytes the decode allocated for it (libpng
  /// reading its header, then its pixels; a reduced decode's row and sums; not the picture returned).
  static func decodeCounting(
    _ data: Data, fitting target: (width: Int, height: Int)? = nil
  ) throws -> (picture: Picture, allocated: Int) {
    try data.withUnsafeBytes { raw in
      guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count > 0 else {
        throw PictureError("the PNG is empty")
      }
      var message = [CChar](repeating: 0, count: 200)
      var (width, height): (Int32, Int32) = (0, 0)
      var (header, body) = (0, 0)
      guard fi_png_info(base, raw.count, libpngSideLimit, &width, &height, &header, &message, message.count) == FI_OK
      else { throw PictureError("the PNG is unreadable: " + text(message)) }
      guard Picture.accepts(width: Int(width), height: Int(height)) else {
        throw PictureError.tooLarge("PNG", width: Int(width), height: Int(height))
      }
      let factor = target.map { Self.factor(width: Int(width), height: Int(height), fitting: $0) } ?? 1
      if factor > 1 {
        let (reducedWidth, reducedHeight) = ((Int(width) + factor - 1) / factor, (Int(height) + factor - 1) / factor)
        var pixels = [UInt8](repeating: 0, count: reducedWidth * reducedHeight * 3)
        let code = pixels.withUnsafeMutableBufferPointer { buffer in
          fi_png_decode_reduced(
            base, raw.count, libpngSideLimit, width, height, Int32(factor), buffer.baseAddress, &body, &message,
            message.count)
        }
        guard code == FI_OK, let picture = Picture(width: reducedWidth, height: reducedHeight, pixels: pixels) else {
          throw PictureError("the PNG is unreadable: " + text(message))
        }
        return (picture, header + body)
      }
      var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 3)
      let code = pixels.withUnsafeMutableBufferPointer { buffer in
        fi_png_decode(
          base, raw.count, libpngSideLimit, buffer.baseAddress, width, height, &body, &message, message.count)
      }
      guard code == FI_OK, let picture = Picture(width: Int(width), height: Int(height), pixels: pixels) else {
        throw PictureError("the PNG is unreadable: " + text(message))
      }
      return (picture, header + body)
    }
  }

  /// libpng's own bound on a side, far past ours: ours is checked here, where it says what it refused.
  private static let libpngSideLimit: Int32 = 1_000_000

  private static func text(_ message: [CChar]) -> String {
    let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.isEmpty ? "no reason given" : text
  }

  /// `picture` as an 8-bit RGB PNG.
  public static func encode(_ picture: Picture) throws -> Data {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    (image.width, image.height, image.format) = (UInt32(picture.width), UInt32(picture.height), UInt32(PNG_FORMAT_RGB))
    let stride = Int32(picture.width * 3)
    var size = 0
    return try picture.pixels.withUnsafeBytes { pixels in
      guard png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, stride, nil) != 0 else {
        throw PictureError("the PNG could not be written: " + reason(image))
      }
      var output = Data(count: size)
      let written = output.withUnsafeMutableBytes { buffer in
        png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, pixels.baseAddress, stride, nil)
      }
      guard written != 0 else { throw PictureError("the PNG could not be written: " + reason(image)) }
      return output.prefix(size)
    }
  }

  private static func reason(_ image: png_image) -> String {
    var message = image.message
    let text = withUnsafeBytes(of: &message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return text.isEmpty ? "no reason given" : text
  }
}
