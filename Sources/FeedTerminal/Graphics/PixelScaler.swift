import FeedImages

/// Scales a picture to an exact size in pixels, each pixel the average of the source pixels it covers (at least
/// one): the half blocks' thumbnails and the graphics protocols' images are scaled the same way.
enum PixelScaler {
  /// `picture`'s red, green and blue samples scaled to `width` × `height` (each at least 1), row by row.
  static func scale(_ picture: Picture, width: Int, height: Int) -> [UInt8] {
    let (width, height) = (max(1, width), max(1, height))
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    let columns = (0..<width).map { span($0, of: width, over: picture.width) }
    picture.pixels.withUnsafeBufferPointer { source in
      for y in 0..<height {
        let ys = span(y, of: height, over: picture.height)
        for x in 0..<width {
          let xs = columns[x]
          var (red, green, blue) = (0, 0, 0)
          for row in ys {
            var at = (row * picture.width + xs.lowerBound) * 3
            for _ in xs {
              (red, green, blue) = (red + Int(source[at]), green + Int(source[at + 1]), blue + Int(source[at + 2]))
              at += 3
            }
          }
          let count = xs.count * ys.count
          let to = (y * width + x) * 3
          (pixels[to], pixels[to + 1], pixels[to + 2]) = (
            UInt8(red / count), UInt8(green / count), UInt8(blue / count)
          )
        }
      }
    }
    return pixels
  }

  /// The source pixels that pixel `index` of `count` covers: at least one.
  private static func span(_ index: Int, of count: Int, over size: Int) -> Range<Int> {
    let start = index * size / count
    return start..<max(start + 1, (index + 1) * size / count)
  }
}
