import Foundation

/// What the comments of an image show: their text, author and a relative, localized date ("1 day ago").
public enum ImageCommentsPresenter {
  /// The localized title of the comments: "Comments" in English.
  public static var title: String { LocalizedStrings.string("IMAGE_COMMENTS_VIEW_TITLE") }

  /// The title in one of the package's localizations; one the package lacks gives English.
  ///
  /// - Parameter localization: A language code such as `es`.
  public static func title(localization: String) -> String {
    LocalizedStrings.string("IMAGE_COMMENTS_VIEW_TITLE", localization: localization)
  }

  /// The comments as a view shows them.
  ///
  /// - Parameters:
  ///   - comments: The comments, in the order to show them.
  ///   - currentDate: Now, from an injected clock, against which dates are relative.
  ///   - calendar: The calendar the relative dates count in.
  ///   - locale: The locale of the relative dates ("1 day ago", "hace 1 día", "vor 1 Tag").
  /// - Returns: One view model per comment, in order.
  public static func map(
    _ comments: [ImageComment], currentDate: Date = Date(), calendar: Calendar = .current, locale: Locale = .current
  ) -> ImageCommentsViewModel {
    ImageCommentsViewModel(
      comments: comments.map { comment in
        // The anchored style formats its anchor relative to its input: the comment's date relative to now.
        let style = Date.AnchoredRelativeFormatStyle(
          anchor: comment.createdAt, presentation: .numeric, unitsStyle: .wide, locale: locale, calendar: calendar)
        return ImageCommentViewModel(
          message: comment.message, date: style.format(currentDate), username: comment.username)
      })
  }
}

/// The comments of an image, as a view shows them.
public struct ImageCommentsViewModel: Hashable, Sendable {
  /// One per comment, in order.
  public let comments: [ImageCommentViewModel]

  /// Creates the comments' view model.
  ///
  /// - Parameter comments: One per comment, in order.
  public init(comments: [ImageCommentViewModel]) {
    self.comments = comments
  }
}

/// One comment as a view shows it.
public struct ImageCommentViewModel: Hashable, Sendable {
  /// What the author wrote.
  public let message: String
  /// When, relative to now and localized: "1 day ago".
  public let date: String
  /// Who wrote it.
  public let username: String

  /// Creates a comment view model.
  ///
  /// - Parameters:
  ///   - message: What the author wrote.
  ///   - date: When, relative and localized.
  ///   - username: Who wrote it.
  public init(message: String, date: String, username: String) {
    self.message = message
    self.date = date
    self.username = username
  }
}
