import ArgumentParser
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation

/// The image cache's limits, for the subcommands that load images: `show` and `search`.
struct ImageCacheOptions: ParsableArguments {
  // Unconditional, as every number the app takes: `--image-cache-limit -1` is a value to refuse with its range, not a
  // missing one.
  @Option(
    name: .long, parsing: .unconditional,
    help: "The most bytes of images the cache keeps (100 MiB); the least recently used go first.")
  var imageCacheLimit = ImageCacheLimits.app.maximumBytes

  @Option(name: .long, parsing: .unconditional, help: "How long a cached image is kept, in seconds (36000: 10 hours).")
  var imageMaxAge = ImageCacheLimits.app.maximumAge

  var limits: ImageCacheLimits { ImageCacheLimits(maximumBytes: imageCacheLimit, maximumAge: imageMaxAge) }

  func validate() throws {
    guard imageCacheLimit >= 0 else { throw OptionProblem.negativeBytes(option: "--image-cache-limit").error() }
    guard imageMaxAge >= 0, imageMaxAge.isFinite else {
      throw OptionProblem.negativeSeconds(option: "--image-max-age").error()
    }
  }
}

extension ImageCacheLimits {
  /// The app's defaults: 100 MiB, 10 hours.
  static let app = ImageCacheLimits(maximumBytes: 100 << 20)
}
