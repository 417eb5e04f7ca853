import Foundation

/// How the presentation turns an image's data into what its view shows.
///
/// The `async` form runs in the image's load task, off the main actor, and is cancelled with it: a cell that leaves
/// the screen cancels its decode as it cancels its load (a decode that checks for cancellation stops; one that does
/// not, such as a C decoder, runs to its end), and a cancelled decode's result is never shown. The
/// synchronous form runs on the main actor once the data arrives (cheap transforms, and the API before `async`).
enum ImageTransform<Image> {
  /// Runs on the main actor when the data arrives.
  case onMainActor((Data) -> Image?)
  /// Runs in the load's task, off the main actor.
  case offMainActor(@Sendable (Data) async -> LoadedImage<Image>)

  /// The `async` form of `transform`.
  static func background(_ transform: @escaping @Sendable (Data) async -> Image?) -> Self where Image: Sendable {
    .offMainActor { data in .image(await transform(data)) }
  }
}

/// What an image's load task delivers to the main actor: the data, or the image decoded off the main actor.
///
/// `@unchecked Sendable` because `Image` is not constrained here: an `.image` is only ever made by
/// ``ImageTransform/background(_:)``, whose `Image` is `Sendable`.
enum LoadedImage<Image>: @unchecked Sendable {
  /// The data, for a transform on the main actor.
  case data(Data)
  /// The image, or `nil` when the data was invalid.
  case image(Image?)
}
