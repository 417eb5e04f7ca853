import EssentialFeed
import FeedTerminal
import Foundation

/// Renders an ``ImageDetailReport`` as readable text or as JSON (every field present, `null` when absent).
enum DetailRenderer {
  static func text(_ detail: ImageDetailReport, title: String, language: AppLanguage) -> String {
    let entry = detail.entry
    var lines = ["\(title) — \(entry.description.map(TerminalText.line) ?? language.text("NO_DESCRIPTION"))"]
    if let location = entry.location { lines.append("  \(TerminalText.line(location))") }
    lines.append("  " + FeedReportRenderer.imageLine(entry, language))
    lines.append("")
    let heading = ImageCommentsPresenter.title(localization: language.localization)
    guard let comments = detail.comments else {
      lines.append("\(heading): \(detail.commentsProblem.map(TerminalText.line) ?? language.text("UNKNOWN_ERROR"))")
      return lines.joined(separator: "\n")
    }
    lines.append("\(heading) (\(language.number(comments.count)))")
    for comment in comments {
      lines.append("  \(TerminalText.line(comment.author)) · \(comment.relativeDate)")
      lines.append("    \(TerminalText.line(comment.message))")
    }
    return lines.joined(separator: "\n")
  }

  static func json(_ detail: ImageDetailReport) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return String(decoding: try encoder.encode(DetailJSON(detail)), as: UTF8.self)
  }
}

/// The detail's JSON: the image's fields and a `comments` array, with nulls for what is absent.
private struct DetailJSON: Encodable {
  let detail: ImageDetailReport

  init(_ detail: ImageDetailReport) {
    self.detail = detail
  }

  private enum Keys: String, CodingKey {
    case id, description, location, url, imageBytes, imageSource, comments, commentsProblem
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    let entry = detail.entry
    try container.encode(entry.id, forKey: .id)
    try container.encode(entry.description, forKey: .description)
    try container.encode(entry.location, forKey: .location)
    try container.encode(entry.url, forKey: .url)
    try container.encode(entry.imageBytes, forKey: .imageBytes)
    try container.encode(entry.imageSource, forKey: .imageSource)
    try container.encode(detail.comments, forKey: .comments)
    try container.encode(detail.commentsProblem, forKey: .commentsProblem)
  }
}
