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

  @Test(
    "PA-18 file system: answers removed by their image leave the index by action id stale but bounded, and the journal's records replayed give the same queue, through 20,000 random changes with ids repeated across images and answers naming another image"
  )
  func staleIndexAgreesWithTheJournal() {
    var live = PendingLikes()
    var records: [PendingLikeJournal.Record] = []
    var model: [PendingLikeAction] = []  // in stored order: one action per image, one image per action id
    let images = (0..<40).map { UUID(uuid: (UInt8($0), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)) }
    let ids = (0..<60).map { UUID(uuid: (UInt8($0), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2)) }
    var sent: [PendingLikeAction] = []
    var random = SystemRandomNumberGenerator()
    for step in 0..<20_000 {
      let image = images[Int.random(in: 0..<images.count, using: &random)]
      if Int.random(in: 0..<2, using: &random) == 0 || sent.isEmpty {
        let action = PendingLikeAction(
          id: Int.random(in: 0..<4, using: &random) == 0 ? ids[Int.random(in: 0..<ids.count, using: &random)] : UUID(),
          imageID: image, kind: .like,
          timestamp: Date(timeIntervalSinceReferenceDate: Double(step)))
        live.apply(.enqueue(action))
        records.append(.enqueue(action))
        model.removeAll { $0.imageID == image || $0.id == action.id }
        model.append(action)
        sent.append(action)
      } else {
        // An answer: to a pending action, to a replaced one, or naming another image than its action's.
        let answered = sent[Int.random(in: 0..<sent.count, using: &random)]
        let answer =
          Int.random(in: 0..<4, using: &random) == 0
          ? PendingLikeAction(id: answered.id, imageID: image, kind: .like, timestamp: answered.timestamp) : answered
        let pending = model.contains { $0.id == answer.id && $0.imageID == answer.imageID }
        let removed = live.remove(answer)
        #expect(removed == pending, "step \(step)")
        if removed { records.append(.remove(answer.id)) }
        model.removeAll { $0.id == answer.id && $0.imageID == answer.imageID }
      }
      #expect(live.actionsInOrder == model, "step \(step)")
      #expect(live.indexedActions <= 3 * live.count + 65, "step \(step): \(live.indexedActions) entries")
      if live.actionsInOrder != model { return }
    }
    var replayed = PendingLikes()
    for record in records { replayed.apply(record) }
    #expect(replayed.actionsInOrder == model)
  }
}
