import Foundation

/// The package's localized strings, from `Feed.strings` in the module's resources.
enum LocalizedStrings {
  static let table = "Feed"

  /// The message for a failed load, shared by every resource: "Couldn't connect to server" in English.
  static var connectionError: String { string("GENERIC_CONNECTION_ERROR") }

  /// The string for `key` in the user's language, falling back to English.
  static func string(_ key: String, bundle: Bundle = .module) -> String {
    let value = bundle.localizedString(forKey: key, value: nil, table: table)
    guard value == key, let english = englishBundle else { return value }
    return english.localizedString(forKey: key, value: key, table: table)
  }

  /// The string for `key` in `localization`, falling back to English when the package has no such localization.
  static func string(_ key: String, localization: String) -> String {
    string(key, bundle: bundle(for: localization) ?? englishBundle ?? .module)
  }

  /// The bundle of one localization, such as `es`, or `nil` when the package has none for it.
  static func bundle(for localization: String) -> Bundle? {
    Bundle.module.path(forResource: localization, ofType: "lproj").flatMap(Bundle.init(path:))
  }

  private static let englishBundle = bundle(for: "en")
}
