import Foundation
import Testing

@testable import EssentialFeed

@Suite("Localization")
struct LocalizationSpecs {
  static let localizations = ["en", "es", "de"]

  @Test("UX-5 every key has a translation in every language", arguments: localizations)
  func everyKeyInEveryLanguage(localization: String) throws {
    let keys = try Self.keys(in: "en")
    let bundle = try #require(LocalizedStrings.bundle(for: localization), "no \(localization).lproj in Bundle.module")

    for key in keys {
      let value = bundle.localizedString(forKey: key, value: "<missing>", table: LocalizedStrings.table)
      #expect(value != "<missing>" && value != key, "\(localization) has no translation for \(key)")
    }
    #expect(try Self.keys(in: localization) == keys, "\(localization) has keys English does not")
  }

  @Test("UX-5 the error message is localized: English and Spanish differ, and English is the fallback")
  func localizedErrorMessage() throws {
    let english = try #require(LocalizedStrings.bundle(for: "en"))
    let spanish = try #require(LocalizedStrings.bundle(for: "es"))

    #expect(LocalizedStrings.string("GENERIC_CONNECTION_ERROR", bundle: english) == "Couldn't connect to server")
    #expect(
      LocalizedStrings.string("GENERIC_CONNECTION_ERROR", bundle: spanish) == "No se pudo conectar con el servidor")
    #expect(FeedPresenter.title == LocalizedStrings.string("FEED_VIEW_TITLE"))
  }

  /// The keys a `.strings` file defines, read from its text: `"KEY" = "value";` lines.
  private static func keys(in localization: String) throws -> Set<String> {
    let bundle = try #require(LocalizedStrings.bundle(for: localization))
    let path = try #require(bundle.path(forResource: LocalizedStrings.table, ofType: "strings"))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return Set(text.matches(of: /^"([A-Z_]+)"\s*=/.anchorsMatchLineEndings()).map { String($0.1) })
  }
}
