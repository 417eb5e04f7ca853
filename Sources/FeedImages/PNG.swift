import CPNG
import Foundation

/// PNG through libpng's simplified API, which reports errors instead of jumping out of the caller. libpng has no
/// scaled decode: the header's size is checked against the limits first, then the picture decodes whole (8-bit RGB,
/// transparency composed over black, 16-bit samples reduced).
public enum PNG {
  /// Whether `bytes` start with the PNG signature.
  public static func isPNG(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
  }

  /// Decodes `data`.
  ///
  /// - Throws: ``PictureError`` for data libpng refuses (a truncated file, a bad checksum of a critical chunk), and
  ///   for a picture over ``Picture/maximumSide`` or ``Picture/maximumPixels`` (refused from its header).
  public static func decode(_ data: Data) throws -> Picture {
    try data.withUnsafeBytes { raw in
      guard let base = raw.baseAddress, raw.count > 0 else { throw PictureError("the PNG is empty") }
      var image = png_image()
      image.version = UInt32(PNG_IMAGE_VERSION)
      guard png_image_begin_read_from_memory(&image, base, raw.count) != 0 else {
        throw PictureError("the PNG is unreadable: " + reason(image))
      }
      let (width, height) = (Int(image.width), Int(image.height))
      guard Picture.accepts(width: width, height: height) else {
        png_image_free(&image)
        throw PictureError.tooLarge("PNG", width: width, height: height)
      }
      image.format = UInt32(PNG_FORMAT_RGB)
      var pixels = [UInt8](repeating: 0, count: width * height * 3)
      var black = png_color(red: 0, green: 0, blue: 0)
      let finished = pixels.withUnsafeMutableBytes { buffer in
        png_image_finish_read(&image, &black, buffer.baseAddress, Int32(width * 3), nil)
      }
      guard finished != 0, let picture = Picture(width: width, height: height, pixels: pixels) else {
        throw PictureError("the PNG is unreadable: " + reason(image))
      }
      return picture
    }
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
