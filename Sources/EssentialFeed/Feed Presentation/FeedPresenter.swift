/// What the feed screen shows: its title and its items.
public enum FeedPresenter {
  /// The localized title of the feed screen: "Feed" in English.
  public static var title: String { LocalizedStrings.string("FEED_VIEW_TITLE") }

  /// The localized title of the action that loads a failed image again: "Retry" in English.
  public static var retryTitle: String { LocalizedStrings.string("FEED_IMAGE_RETRY") }

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
