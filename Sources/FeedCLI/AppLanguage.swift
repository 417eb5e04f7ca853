import EssentialFeed
import Foundation

/// The language and locale the app speaks, from the environment as POSIX defines it (`LC_ALL`, then `LC_MESSAGES`,
/// then `LANG`): Foundation on Linux ignores these, so the app reads them itself. A language the app has no
/// strings for falls back to English; dates and numbers still follow the locale.
struct AppLanguage: Sendable, Equatable {
  /// The localization whose strings the app uses: `en`, `es` or `de`.
  let localization: String
  /// The locale for dates and numbers.
  let locale: Locale

  static let english = AppLanguage(localization: "en", locale: Locale(identifier: "en_US"))

  /// The language of this process's environment.
  static var current: AppLanguage { AppLanguage(environment: ProcessInfo.processInfo.environment) }

  init(localization: String, locale: Locale) {
    self.localization = localization
    self.locale = locale
  }

  /// The language `environment` names, such as `es_ES.UTF-8` → Spanish, Spain.
  init(environment: [String: String]) {
    let setting = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    let identifier = setting.map { String($0.prefix { $0 != "." && $0 != "@" }) } ?? ""
    guard !identifier.isEmpty, identifier != "C", identifier != "POSIX" else {
      self = .english
      return
    }
    let language = String(identifier.prefix { $0 != "_" && $0 != "-" }).lowercased()
    let shipped = AppLanguage.bundle(for: language) != nil
    self.init(localization: shipped ? language : "en", locale: Locale(identifier: identifier))
  }

  /// The app's string for `key` in this language, with `{0}`, `{1}`… replaced by `arguments` in order.
  func text(_ key: String, _ arguments: String...) -> String {
    let bundle = AppLanguage.bundle(for: localization) ?? AppLanguage.bundle(for: "en")
    let template = bundle?.localizedString(forKey: key, value: key, table: "FeedCLI") ?? key
    // One pass over the template, so an argument that itself holds "{1}" is never substituted.
    var text = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      text += rest[..<open]
      let afterOpen = rest.index(after: open)
      if let close = rest[afterOpen...].firstIndex(of: "}"), let index = Int(rest[afterOpen..<close]),
        arguments.indices.contains(index)
      {
        text += arguments[index]
        rest = rest[rest.index(after: close)...]
      } else {
        text += "{"
        rest = rest[afterOpen...]
      }
    }
    return text + rest
  }

  /// A count as this locale writes it.
  func number(_ value: Int) -> String {
    value.formatted(.number.locale(locale))
  }

  /// A date and time as this locale writes it.
  func date(_ value: Date) -> String {
    value.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened).locale(locale))
  }

  /// The bundle of one of the app's localizations, or `nil` when the app has none for it.
  static func bundle(for localization: String) -> Bundle? {
    Bundle.module.path(forResource: localization, ofType: "lproj").flatMap(Bundle.init(path:))
  }
}
