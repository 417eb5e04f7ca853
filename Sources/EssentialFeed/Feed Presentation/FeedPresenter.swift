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
  /// - Parameters:
  ///   - feed: The loaded images, in order.
  ///   - startIndex: The position of the first image in the whole list: 0 unless the list is windowed.
  /// - Returns: One item per image, in the same order.
  public static func map(_ feed: [FeedImage], startIndex: Int = 0) -> FeedViewModel {
    FeedViewModel(items: feed.map(FeedImagePresenter.map), startIndex: startIndex)
  }
}

/// The feed screen's items.
public struct FeedViewModel: Hashable, Sendable {
  /// One item per image, in order.
  public let items: [FeedImageViewModel]
  /// The position of `items[0]` in the whole list: 0 unless the list is windowed (``FeedWindow``). A list view lays
  /// rows out by position, so a row keeps its place on screen while the window drops rows at either end.
  public var startIndex: Int = 0
}
