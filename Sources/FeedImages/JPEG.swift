import CImageCodecs
import Foundation

/// JPEG through libjpeg-turbo: decoded scaled down by libjpeg itself (1/2, 1/4 or 1/8) when the caller needs fewer
/// pixels, so a 2048 × 2048 photo for a 10 × 6 thumbnail decodes 256 × 256 pixels, never 4 million.
public enum JPEG {
  /// Whether `bytes` start as a JPEG file does (`FF D8 FF`).
  public static func isJPEG(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.starts(with: [0xFF, 0xD8, 0xFF])
  }

  /// Decodes `data`; with `fitting`, at the smallest scale that still has at least that many pixels each way.
  ///
  /// - Throws: ``PictureError`` for data libjpeg refuses or warns about (a truncated or corrupt file), and for a
  ///   picture over ``Picture/maximumSide`` or ``Picture/maximumPixels`` (refused from its header).
  public static func decode(_ data: Data, fitting target: (width: Int, height: Int)? = nil) throws -> Picture {
    try decode(data, fitting: target, scanLimit: Int(FI_SCAN_LIMIT))
  }

  /// `decode(_:fitting:)` refusing files of more than `scanLimit` scans: ``FI_SCAN_LIMIT`` in the app.
  static func decode(_ data: Data, fitting target: (width: Int, height: Int)?, scanLimit: Int) throws -> Picture {
    try data.withUnsafeBytes { raw in
      guard let base = raw.bindMemory(to: UInt8.self).baseAddress, raw.count > 0 else {
        throw PictureError("the JPEG is empty")
      }
      var message = [CChar](repeating: 0, count: 200)
      var (width, height, scaledWidth, scaledHeight): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
      guard
        fi_jpeg_info(base, raw.count, 1, &width, &height, &scaledWidth, &scaledHeight, &message, message.count)
          == FI_OK
      else { throw PictureError("the JPEG is unreadable: " + text(message)) }
      guard Picture.accepts(width: Int(width), height: Int(height)) else {
        throw PictureError.tooLarge("JPEG", width: Int(width), height: Int(height))
      }
      let scale = target.map { denominator(width: Int(width), height: Int(height), fitting: $0) } ?? 1
      guard
        scale == 1
          || fi_jpeg_info(base, raw.count, Int32(scale), &width, &height, &scaledWidth, &scaledHeight, &message, 0)
            == FI_OK
      else { throw PictureError("the JPEG is unreadable at 1/\(scale) of its size") }
      var pixels = [UInt8](repeating: 0, count: Int(scaledWidth) * Int(scaledHeight) * 3)
      let status = pixels.withUnsafeMutableBufferPointer { buffer in
        fi_jpeg_decode(
          base, raw.count, Int32(scale), Int32(clamping: scanLimit), buffer.baseAddress, scaledWidth, scaledHeight,
          &message, message.count)
      }
      guard status == FI_OK, let picture = Picture(width: Int(scaledWidth), height: Int(scaledHeight), pixels: pixels)
      else { throw PictureError("the JPEG is unreadable: " + text(message)) }
      return picture
    }
  }

  /// `picture` as a JPEG of `quality` (1…100, clamped), baseline or `progressive`.
  public static func encode(_ picture: Picture, quality: Int = 85, progressive: Bool = false) throws -> Data {
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    var message = [CChar](repeating: 0, count: 200)
    let status = picture.pixels.withUnsafeBufferPointer { pixels in
      fi_jpeg_encode(
        pixels.baseAddress, 3, Int32(picture.width), Int32(picture.height), Int32(clamping: quality),
        progressive ? 1 : 0, &output, &size, &message, message.count)
    }
    defer { fi_free(output) }
    guard status == FI_OK, let output else { throw PictureError("the JPEG could not be written: " + text(message)) }
    return Data(bytes: output, count: Int(size))
  }

  /// The largest of libjpeg's scales 1/8, 1/4, 1/2 whose picture still covers `target`, else 1.
  static func denominator(width: Int, height: Int, fitting target: (width: Int, height: Int)) -> Int {
    [8, 4, 2].first { scale in
      (width + scale - 1) / scale >= target.width && (height + scale - 1) / scale >= target.height
    } ?? 1
  }

  static func text(_ message: [CChar]) -> String {
    let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return bytes.isEmpty ? "no reason given" : String(decoding: bytes, as: UTF8.self)
  }
}
