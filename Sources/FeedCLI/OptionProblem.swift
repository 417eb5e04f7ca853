import ArgumentParser

/// What can be wrong with a command line's values, each worded once, in the app's strings (`FeedCLI.strings`) and so
/// in the user's language, as every other message of the app is.
enum OptionProblem {
  /// A number outside `low...high`.
  case outOfRange(option: String, low: String, high: String)
  /// A number below `low`.
  case below(option: String, low: String)
  /// A number below zero, of `bytes`.
  case negativeBytes(option: String)
  /// A number below zero, of seconds.
  case negativeSeconds(option: String)
  /// A number of zero or less.
  case notPositive(option: String)
  /// A number of seconds of zero or less.
  case notPositiveSeconds(option: String)
  /// A word not among `choices` (in the order said).
  case notOneOf(option: String, choices: [String])
  /// A page size outside `1...high` or larger than the window.
  case pageSize(option: String, high: String, window: String)
  /// `--items` with `--url`.
  case itemsWithURL
  /// `--offline` with `--url`.
  case offlineWithURL
  /// An empty search keyword.
  case emptyKeyword

  /// The problem as the error ArgumentParser prints, in `language`.
  func error(in language: AppLanguage = .current) -> ValidationError {
    ValidationError(text(in: language))
  }

  /// The problem as a sentence in `language`.
  func text(in language: AppLanguage) -> String {
    switch self {
    case .outOfRange(let option, let low, let high): language.text("OPTION_RANGE", option, low, high)
    case .below(let option, let low): language.text("OPTION_AT_LEAST", option, low)
    case .negativeBytes(let option): language.text("OPTION_BYTES", option)
    case .negativeSeconds(let option): language.text("OPTION_SECONDS", option)
    case .notPositive(let option): language.text("OPTION_POSITIVE", option)
    case .notPositiveSeconds(let option): language.text("OPTION_POSITIVE_SECONDS", option)
    case .notOneOf(let option, let choices):
      language.text("OPTION_ONE_OF", option, choices.dropLast().joined(separator: ", "), choices.last ?? "")
    case .pageSize(let option, let high, let window): language.text("OPTION_PAGE_SIZE", option, high, window)
    case .itemsWithURL: language.text("OPTION_ITEMS_WITH_URL")
    case .offlineWithURL: language.text("OPTION_OFFLINE_WITH_URL")
    case .emptyKeyword: language.text("OPTION_EMPTY_KEYWORD")
    }
  }
}
