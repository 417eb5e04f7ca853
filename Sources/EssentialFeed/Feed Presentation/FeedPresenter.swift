/// What the feed screen shows: its title and its items.
public enum FeedPresenter {
  /// The localized title of the feed screen: "Feed" in English.
  public static var title: String { LocalizedStrings.string("FEED_VIEW_TITLE") }

  /// The localized title of the action that loads a failed image again: "Retry" in English.
  public static var retryTitle: String { LocalizedStrings.string("FEED_IMAGE_RETRY") }

  /// The title in one of the package's localizations, for an app that picks its language itself (a command line
  /// on Linux, where Foundation ignores `LANG`).
  ///
  /// - Parameter localization: A language code such as `es`; one the package lacks gives English.
  public static func title(localization: String) -> String {
    LocalizedStrings.string("FEED_VIEW_TITLE", localization: localization)
  }

  /// The retry action's title in one of the package's localizations; see ``title(localization:)``.
  ///
  /// - Parameter localization: A language code such as `de`; one the package lacks gives English.
  public static func retryTitle(localization: String) -> String {
    LocalizedStrings.string("FEED_IMAGE_RETRY", localization: localization)
  }

  /// The feed as the screen shows it.
  ///
  /// - Parameter feed: The loaded images, in order.
  /// - Returns: One item per image, in the same order.
  public static func map(_ feed: [FeedImage]) -> FeedViewModel {
    FeedViewModel(items: feed.map(FeedImagePresenter.map))
  }
}

/// The feed screen's items.
public struct FeedViewModel: Hashable, Sendable {
  /// One item per image, in order.
  public let items: [FeedImageViewModel]
}
