import EssentialFeed
import Foundation
import Testing

@testable import FeedCLI

@Suite("The app's language")
struct AppLanguageTests {
  static let localizations = ["en", "es", "de"]

  @Test("APP-17 the app speaks the language of LC_ALL, LC_MESSAGES or LANG: the title, its own text, and dates")
  func speaksTheEnvironmentsLanguage() throws {
    let spanish = AppLanguage(environment: ["LANG": "es_ES.UTF-8"])
    let english = AppLanguage(environment: [:])

    #expect(spanish.localization == "es")
    let text = FeedReportRenderer.text(
      oneImageReport(title: FeedPresenter.title(localization: "es")), language: spanish)
    #expect(FeedPresenter.title(localization: "es") != FeedPresenter.title(localization: "en"))
    #expect(text.hasPrefix("\(FeedPresenter.title(localization: "es")) — 1 imágenes de la caché"), "\(text)")
    #expect(text.contains("Imágenes: 1 cargadas"), "\(text)")

    let kept = CacheValidationReport(action: .kept, store: "/c", images: 2, savedAt: Date(timeIntervalSince1970: 0))
    let german = AppLanguage(environment: ["LANG": "en_US.UTF-8", "LC_ALL": "de_DE.UTF-8"])
    #expect(german.localization == "de")
    #expect(kept.text(in: german).hasPrefix("Einen gültigen Cache mit 2 Bildern"), "\(kept.text(in: german))")
    #expect(german.date(Date(timeIntervalSince1970: 0)) != english.date(Date(timeIntervalSince1970: 0)))
    #expect(german.number(1_234) == "1.234")
    #expect(AppLanguage(environment: ["LANG": "de_DE.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"]).localization == "es")
    #expect(
      english.text("ERROR_UNUSABLE_STORE", "/tmp/{1}", "no room")
        == "Cannot use /tmp/{1} as the cache directory: no room.")
  }

  @Test(
    "APP-17 C, POSIX, an empty setting or a language the app lacks speaks English; dates still follow the locale",
    arguments: [["LANG": "C"], ["LC_ALL": "POSIX"], ["LANG": ""], ["LANG": "fr_FR.UTF-8"]])
  func fallsBackToEnglish(environment: [String: String]) {
    let language = AppLanguage(environment: environment)

    #expect(language.localization == "en")
    #expect(language.text("NO_SERVER") == "none (offline)")
  }

  @Test("APP-17 every key of the app's strings has a translation in every language", arguments: localizations)
  func everyKeyInEveryLanguage(localization: String) throws {
    let keys = try Self.keys(in: "en")
    let language = AppLanguage(localization: localization, locale: Locale(identifier: localization))

    for key in keys {
      #expect(language.text(key) != key, "\(localization) has no translation for \(key)")
    }
    #expect(try Self.keys(in: localization) == keys, "\(localization) has keys English does not")
  }

  private func oneImageReport(title: String) -> FeedReport {
    let entry = FeedReport.Entry(
      id: UUID(), description: nil, location: nil, url: URL(fileURLWithPath: "/"), imageBytes: 3,
      imageSource: .cache, imageError: nil)
    return FeedReport(
      title: title, server: nil, embeddedServer: false, store: "/c", feedSource: .cache, serverProblem: nil,
      entries: [entry])
  }

  private static func keys(in localization: String) throws -> Set<String> {
    let bundle = try #require(AppLanguage.bundle(for: localization), "no \(localization).lproj in FeedCLI")
    let path = try #require(bundle.path(forResource: "FeedCLI", ofType: "strings"))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return Set(text.matches(of: /^"([A-Z_]+)"\s*=/.anchorsMatchLineEndings()).map { String($0.1) })
  }
}
