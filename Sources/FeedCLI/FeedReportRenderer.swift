import EssentialFeed
import Foundation

/// Renders a ``FeedReport`` as readable text or as JSON.
enum FeedReportRenderer {
  static func text(_ report: FeedReport) -> String {
    var lines: [String] = []
    let source = report.feedSource == .server ? "the server" : "the cache"
    let server = report.server.map { "\($0.absoluteString)\(report.embeddedServer ? " (embedded demo server)" : "")" }
    lines.append("\(report.title) — \(report.entries.count) images from \(source)")
    lines.append("  server: \(server ?? "none (offline)")")
    lines.append("  cache:  \(report.store)")
    lines.append("")
    let width = String(report.entries.count).count
    for (index, entry) in report.entries.enumerated() {
      let number = String(index + 1).leftPadded(to: width)
      lines.append("\(number). \(entry.description ?? "(no description)")")
      let indent = String(repeating: " ", count: width + 2)
      if let location = entry.location { lines.append("\(indent)\(location)") }
      lines.append("\(indent)\(imageLine(entry))")
    }
    lines.append("")
    lines.append(summary(report))
    return lines.joined(separator: "\n")
  }

  static func summary(_ report: FeedReport) -> String {
    let feed =
      switch (report.feedSource, report.serverProblem) {
      case (.server, _) where report.saveProblem != nil:
        "Feed: \(report.entries.count) images from the server, not saved to the cache: "
          + (report.saveProblem ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "."))
          + "."
      case (.server, _): "Feed: \(report.entries.count) images from the server, saved to the cache."
      case (.cache, let problem?): "Feed: \(report.entries.count) images from the cache, because \(problem)."
      case (.cache, nil): "Feed: \(report.entries.count) images from the cache (offline)."
      }
    return feed
      + " Images: \(report.imagesLoaded) loaded (\(report.imagesFromCache) from the cache, \(report.imagesFromServer) from the "
      + "server), \(report.imagesFailed) failed."
  }

  static func json(_ report: FeedReport) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(report), as: UTF8.self)
  }

  private static func imageLine(_ entry: FeedReport.Entry) -> String {
    if let bytes = entry.imageBytes {
      let source = entry.imageSource == .cache ? "the cache" : "the server"
      return "image: \(bytes.formatted()) bytes from \(source)"
    }
    return "image: not loaded (\(entry.imageError ?? "unknown error")): \(FeedPresenter.retryTitle.lowercased()) later"
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
