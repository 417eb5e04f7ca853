import EssentialFeed
import Foundation
import Testing

@testable import EssentialFeedCache

@Suite("Pending like actions in stored order: the queue behind the in-memory and file-system stores")
struct PendingLikeQueueSpecs {
  @Test(
    "PA-13 the listing (oldest timestamp first, ties in stored order), replacements and compare-and-delete removals match a plain list through 20,000 random changes, compacted many times"
  )
  func matchesAModel() {
    var queue = PendingLikeQueue()
    var model: [PendingLikeAction] = []  // in stored order
    let images = (0..<40).map { UUID(uuid: (UInt8($0), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
    var random = SystemRandomNumberGenerator()
    var clock = 0.0
    for step in 0..<20_000 {
      let image = images[Int.random(in: 0..<images.count, using: &random)]
      switch Int.random(in: 0..<4, using: &random) {
      case 0, 1:
        // Mostly later timestamps, as actions happen, but ties and earlier ones too (clocks move back).
        clock += [1, 1, 1, 0, -5][Int.random(in: 0..<5, using: &random)]
        let action = PendingLikeAction(
          imageID: image, kind: Bool.random(using: &random) ? .like : .discard,
          timestamp: Date(timeIntervalSinceReferenceDate: clock))
        let replaced = queue.store(action)
        let current = model.first { $0.imageID == image }
        if replaced != current { #expect(replaced == current, "step \(step)") }
        model.removeAll { $0.imageID == image }
        model.append(action)
      case 2:
        // A removal of the image's current action, or of an older one that is no longer pending.
        let current = model.first { $0.imageID == image }
        let stale = PendingLikeAction(imageID: image, kind: .like, timestamp: Date())
        let target = Bool.random(using: &random) ? current ?? stale : stale
        let removed = queue.remove(image: image, ifActionID: target.id)
        if removed != (current?.id == target.id) { #expect(removed == (current?.id == target.id), "step \(step)") }
        if removed { model.removeAll { $0.imageID == image } }
      default:
        let (found, current) = (queue.action(forImage: image), model.first { $0.imageID == image })
        if found != current { #expect(found == current, "step \(step)") }
      }
      // Each step's checks are plain comparisons, an expectation recorded only when one fails: 20,000 steps of
      // #expect's captured expressions cost seconds of a debug build's CPU, for the same verdict.
      let (count, stored, listed) = (queue.count, queue.inStoredOrder, queue.byTimestamp)
      let byTimestamp = model.enumerated().sorted { a, b in
        a.element.timestamp == b.element.timestamp ? a.offset < b.offset : a.element.timestamp < b.element.timestamp
      }.map(\.element)
      guard count == model.count, stored == model, listed == byTimestamp else {
        #expect(count == model.count, "step \(step)")
        #expect(stored == model, "step \(step)")
        #expect(listed == byTimestamp, "step \(step)")
        return
      }
    }
  }
}
