import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import FeedTerminal
import Foundation

/// Renders a ``FeedReport`` as readable text or as JSON.
enum FeedReportRenderer {
  static func text(_ report: FeedReport, language: AppLanguage = .current) -> String {
    let count = language.number(report.entries.count)
    var lines = [
      language.text(report.feedSource == .server ? "HEADLINE_SERVER" : "HEADLINE_CACHE", report.title, count)
    ]
    let server = report.server.map {
      $0.absoluteString + (report.embeddedServer ? language.text("EMBEDDED_SERVER") : "")
    }
    lines.append(language.text("SERVER_LINE", server ?? language.text("NO_SERVER")))
    lines.append(language.text("CACHE_LINE", report.store))
    lines.append("")
    let width = String(report.entries.count).count
    for (index, entry) in report.entries.enumerated() {
      let number = String(index + 1).leftPadded(to: width)
      lines.append("\(number). \(entry.description.map(TerminalText.line) ?? language.text("NO_DESCRIPTION"))")
      let indent = String(repeating: " ", count: width + 2)
      if let location = entry.location { lines.append("\(indent)\(TerminalText.line(location))") }
      lines.append("\(indent)\(imageLine(entry, language))")
    }
    lines.append("")
    lines.append(summary(report, language: language))
    if let problem = report.imageCacheProblem, report.imageCacheHealed {
      lines.append(problem)
    } else if let problem = report.imageCacheProblem {
      lines.append(
        language.text(
          report.imageCacheBusy ? "IMAGE_CACHE_BUSY" : "IMAGE_CACHE_UNUSABLE",
          report.imageCachePath ?? report.store,
          problem.trimmingCharacters(in: CharacterSet(charactersIn: "."))))
    }
    return lines.joined(separator: "\n")
  }

  static func summary(_ report: FeedReport, language: AppLanguage = .current) -> String {
    let count = language.number(report.entries.count)
    let feed =
      switch (report.feedSource, report.serverProblem) {
      case (.server, _) where report.saveProblem != nil:
        language.text(
          "SUMMARY_SERVER_NOT_SAVED", count,
          (report.saveProblem ?? "").trimmingCharacters(in: CharacterSet(charactersIn: ".")))
      case (.server, _): language.text("SUMMARY_SERVER_SAVED", count)
      case (.cache, let problem?): language.text("SUMMARY_CACHE_BECAUSE", count, problem)
      case (.cache, nil): language.text("SUMMARY_CACHE_OFFLINE", count)
      }
    return feed + " "
      + language.text(
        "SUMMARY_IMAGES", language.number(report.imagesLoaded), language.number(report.imagesFromCache),
        language.number(report.imagesFromServer), language.number(report.imagesFailed))
  }

  static func json(_ report: FeedReport) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(report), as: UTF8.self)
  }

  /// One image's line: its size and source, or that it did not load and can be retried.
  static func imageLine(_ entry: FeedReport.Entry, _ language: AppLanguage) -> String {
    if let bytes = entry.imageBytes {
      return language.text(
        entry.imageSource == .cache ? "IMAGE_FROM_CACHE" : "IMAGE_FROM_SERVER", language.number(bytes))
    }
    return language.text(
      "IMAGE_NOT_LOADED", FeedPresenter.retryTitle(localization: language.localization),
      entry.imageError ?? language.text("UNKNOWN_REASON"))
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
