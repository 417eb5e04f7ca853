/// A decoded picture in colour: 8-bit red, green and blue samples, row by row.
///
/// Every decoder checks the sizes a file announces against ``maximumSide`` and ``maximumPixels`` before it allocates
/// anything for the pixels, so a header that promises 60,000 × 60,000 pixels is refused, not allocated.
public struct Picture: Hashable, Sendable {
  /// The largest width or height a decoder accepts.
  public static let maximumSide = 16_384
  /// The most pixels a decoder accepts (a 25-megapixel photo; 75 MB of samples at full size).
  public static let maximumPixels = 25_000_000

  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width` × `height` pixels of three bytes (red, green, blue), row by row.
  public let pixels: [UInt8]

  /// A picture of `width` × `height` pixels; `nil` unless `pixels` holds exactly three bytes for each.
  public init?(width: Int, height: Int, pixels: [UInt8]) {
    guard width > 0, height > 0, width <= Self.maximumSide, height <= Self.maximumSide,
      width * height <= Self.maximumPixels, pixels.count == width * height * 3
    else { return nil }
    (self.width, self.height, self.pixels) = (width, height, pixels)
  }

  /// A greymap in colour: each grey level in all three samples.
  public init(_ greymap: Greymap) {
    (width, height) = (greymap.width, greymap.height)
    var pixels = [UInt8](repeating: 0, count: greymap.pixels.count * 3)
    for (index, grey) in greymap.pixels.enumerated() {
      (pixels[index * 3], pixels[index * 3 + 1], pixels[index * 3 + 2]) = (grey, grey, grey)
    }
    self.pixels = pixels
  }

  /// Whether a file announcing `width` × `height` pixels may be decoded.
  static func accepts(width: Int, height: Int) -> Bool {
    (1...maximumSide).contains(width) && (1...maximumSide).contains(height) && width * height <= maximumPixels
  }
}

/// Why a picture could not be decoded or encoded.
public struct PictureError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, in a sentence.
  public let description: String
  /// Whether the picture is over the limits (``Picture/maximumSide``, ``Picture/maximumPixels``): a file that will
  /// never be decoded, however often it is loaded again, unlike a damaged one.
  public let isTooLarge: Bool

  init(_ description: String, isTooLarge: Bool = false) {
    (self.description, self.isTooLarge) = (description, isTooLarge)
  }

  static func tooLarge(_ format: String, width: Int, height: Int) -> PictureError {
    PictureError(
      "the \(format) is \(width) × \(height) pixels; at most \(Picture.maximumSide) a side and "
        + "\(Picture.maximumPixels) pixels are decoded", isTooLarge: true)
  }
}
