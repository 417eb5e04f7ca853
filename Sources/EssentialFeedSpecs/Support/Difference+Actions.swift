import EssentialFeed
import Foundation

extension Difference {
  /// How the pending actions `got` differ from `expected`: the first position whose action differs, and which field,
  /// or the count.
  static func between(got: [PendingLikeAction], expected: [PendingLikeAction]) -> String? {
    if let index = zip(got, expected).enumerated().first(where: { !Exact.same($0.element.0, $0.element.1) })?.offset {
      let (action, wanted) = (got[index], expected[index])
      let field =
        if action.id != wanted.id {
          "action id differs: got \(action.id.uuidString) of image \(action.imageID.uuidString.prefix(8)), "
            + "expected \(wanted.id.uuidString) of image \(wanted.imageID.uuidString.prefix(8))"
        } else if action.imageID != wanted.imageID {
          "image id differs: got \(action.imageID.uuidString), expected \(wanted.imageID.uuidString)"
        } else if action.kind != wanted.kind {
          "kind differs: got \(action.kind), expected \(wanted.kind)"
        } else {
          "timestamp differs: got \(action.timestamp.timeIntervalSinceReferenceDate), expected "
            + "\(wanted.timestamp.timeIntervalSinceReferenceDate) (bits 0x"
            + String(action.timestamp.timeIntervalSinceReferenceDate.bitPattern, radix: 16, uppercase: true) + ", 0x"
            + String(wanted.timestamp.timeIntervalSinceReferenceDate.bitPattern, radix: 16, uppercase: true) + ")"
        }
      return "action \(index): \(field)"
        + (got.count == expected.count ? "" : "; count differs: got \(got.count), expected \(expected.count)")
    }
    guard got.count != expected.count else { return nil }
    return "count differs: got \(got.count) actions, expected \(expected.count)"
  }
}
