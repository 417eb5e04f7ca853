import EssentialFeed
import FeedTerminal
import Foundation

/// What the likes commands print, as text in the user's language or as JSON.
enum LikesReport {
  /// Where the liked list came from.
  enum Origin: String {
    case server, cache, none
  }

  /// What `like` or `discard` says of `action`; `problem` says why the server did not take it, when it was asked.
  static func action(
    _ action: PendingLikeAction, pending: Bool, report: LikeSynchronizer.Report, problem: String? = nil, json: Bool,
    language: AppLanguage
  ) -> String {
    if json {
      return encode([
        "id": action.imageID.uuidString, "action": action.kind.rawValue, "pending": pending,
        "sent": report.sent, "failed": report.failed, "pendingActions": report.pending, "problem": problem ?? NSNull(),
      ])
    }
    let key =
      switch (action.kind, pending) {
      case (.like, false): "LIKE_SENT"
      case (.like, true): problem == nil ? "LIKE_PENDING_NOTE" : "LIKE_PENDING_BECAUSE"
      case (.discard, false): "DISCARD_SENT"
      case (.discard, true): problem == nil ? "DISCARD_PENDING_NOTE" : "DISCARD_PENDING_BECAUSE"
      }
    return language.text(key, action.imageID.uuidString, problem ?? "")
  }

  /// The liked list; `serverProblem` says why the server's list failed, and is `nil` offline, where the server was not
  /// tried (and is not said to have failed).
  static func list(
    _ entries: [LikedEntry], pending: [PendingLikeAction], origin: Origin, serverProblem: String? = nil, json: Bool,
    language: AppLanguage
  ) -> String {
    if json {
      let objects: [[String: Any]] = entries.map { entry in
        [
          "id": entry.imageID.uuidString, "pending": entry.pending,
          "description": entry.image?.description ?? NSNull(), "location": entry.image?.location ?? NSNull(),
        ]
      }
      return encode([
        "entries": objects, "pending": pending.count, "pendingDiscards": pending.filter { $0.kind == .discard }.count,
        "origin": origin.rawValue, "serverProblem": serverProblem ?? NSNull(),
      ])
    }
    let actions =
      pending.count == 1
      ? language.text("PENDING_ACTIONS_ONE") : language.text("PENDING_ACTIONS", language.number(pending.count))
    var lines = [language.text("LIKES_HEADER", language.number(entries.count), actions)]
    if origin != .server {
      lines.append(serverProblem.map { language.text("LIKES_SERVER_FAILED", $0) } ?? language.text("LIKES_OFFLINE"))
    }
    for entry in entries {
      let text = [entry.image?.description, entry.image?.location].compactMap { $0 }.map(TerminalText.line)
        .joined(separator: " — ")
      let mark = entry.pending ? " [\(language.text("LIKES_PENDING_MARK"))]" : ""
      lines.append("\(entry.imageID.uuidString)  \(text.isEmpty ? "-" : text)\(mark)")
    }
    return lines.joined(separator: "\n")
  }

  static func sync(_ report: LikeSynchronizer.Report, json: Bool, language: AppLanguage) -> String {
    if json {
      return encode([
        "sent": report.sent, "failed": report.failed, "rejected": report.rejected, "pending": report.pending,
      ])
    }
    return language.text(
      "SYNC_DONE", language.number(report.sent), language.number(report.failed), language.number(report.rejected),
      language.number(report.pending))
  }

  private static func encode(_ object: [String: Any]) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}
