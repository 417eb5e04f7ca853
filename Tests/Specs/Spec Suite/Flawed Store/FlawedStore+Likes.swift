import EssentialFeed
import EssentialFeedCache
import Foundation

extension FlawedStore {
  private func action(from fields: [String]) throws -> PendingLikeAction {
    guard fields.count == 4, let id = UUID(uuidString: String(fields[0])),
      let imageID = UUID(uuidString: String(fields[1])), let kind = PendingLikeAction.Kind(rawValue: String(fields[2]))
    else { throw FlawedTextFormat.Damaged(description: "an action line that does not parse") }
    return PendingLikeAction(id: id, imageID: imageID, kind: kind, timestamp: try format.date(from: fields[3]))
  }

  private func line(_ action: PendingLikeAction) -> String {
    [action.id.uuidString, action.imageID.uuidString, action.kind.rawValue, format.date(action.timestamp)]
      .joined(separator: "\t")
  }

  func enqueue(_ action: PendingLikeAction) async throws {
    try await change("likes") { records in
      var actions = try parsed(records, self.action(from:))
      actions.removeAll { $0.imageID == action.imageID }
      actions.append(action)
      return actions.map(line)
    }
  }

  func pendingActions() async throws -> [PendingLikeAction] {
    let stored = try parsed(read("likes"), action(from:))
    let key = { (action: PendingLikeAction) -> Double in
      let seconds = action.timestamp.timeIntervalSinceReferenceDate
      return self.flaw == .likesOrderedByMillisecond ? (seconds * 1_000).rounded() / 1_000 : seconds
    }
    return stored.enumerated().sorted { (key($0.element), $0.offset) < (key($1.element), $1.offset) }.map(\.element)
  }

  func removeIfPending(_ action: PendingLikeAction) async throws -> Bool {
    var removed = false
    try await change("likes") { records in
      var actions = try parsed(records, self.action(from:))
      if let index = actions.firstIndex(where: { $0.id == action.id && $0.imageID == action.imageID }) {
        actions.remove(at: index)
        removed = true
      }
      return actions.map(line)
    }
    return removed
  }
}
