import Testing

@testable import FeedCLI

/// Every problem with a command line's values is worded once, in the app's strings, in each language it ships.
@Suite("Command-line problems, worded once")
struct OptionProblemTests {
  static let problems: [OptionProblem] = [
    .outOfRange(option: "--window", low: "1", high: "100000"), .below(option: "--max-pages", low: "1"),
    .negativeBytes(option: "--image-cache-limit"), .negativeSeconds(option: "--image-max-age"),
    .notPositive(option: "--max-response-bytes"), .notPositiveSeconds(option: "--timeout"),
    .notOneOf(option: "--colors", choices: ["24bit", "256", "grey"]),
    .pageSize(option: "--page-size", high: "1000", window: "--window"), .itemsWithURL, .offlineWithURL, .emptyKeyword,
  ]

  @Test(
    "APP-53 every command-line problem has a sentence of its own in English, Spanish and German, naming its option",
    arguments: ["en_US.UTF-8", "es_ES.UTF-8", "de_DE.UTF-8"])
  func everyProblemIsWorded(locale: String) {
    let language = AppLanguage(environment: ["LANG": locale])
    let texts = Self.problems.map { $0.text(in: language) }

    #expect(Set(texts).count == texts.count, "two problems share a sentence")
    for text in texts {
      #expect(!text.contains("OPTION_") && !text.contains("{"), "a key or a placeholder left: \(text)")
    }
    for (problem, text) in zip(Self.problems, texts) {
      if case .outOfRange(let option, let low, let high) = problem {
        #expect(text.contains(option) && text.contains(low) && text.contains(high), "\(text)")
      }
    }
    if locale.hasPrefix("en") {
      #expect(texts[0] == "--window must be from 1 to 100000.")
      #expect(texts[6] == "--colors must be 24bit, 256 or grey.")
      #expect(texts[7] == "--page-size must be from 1 to 1000, and at most --window.")
    } else {
      let english = Self.problems.map { $0.text(in: .english) }
      #expect(zip(texts, english).allSatisfy { $0 != $1 }, "an English sentence left in \(locale)")
    }
  }
}
