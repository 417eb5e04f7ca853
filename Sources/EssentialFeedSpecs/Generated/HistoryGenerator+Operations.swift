import EssentialFeed
import EssentialFeedCache
import Foundation

extension HistoryGenerator {
  mutating func feedOperation() -> ModelOperation {
    let roll = Int.random(in: 0..<100, using: &rng)
    let known = model.feed?.feed.map(\.id) ?? []
    switch roll {
    case 0..<30: return .insertFeed(images(upTo: 8, reusing: known), AdversarialValues.timestamp(using: &rng))
    case 30..<45:
      return .replaceFeed(chance(30) ? [] : images(upTo: 8, reusing: known), AdversarialValues.timestamp(using: &rng))
    case 45..<55: return .deleteFeed
    default: return .retrieveFeed
    }
  }

  mutating func searchOperation() -> ModelOperation {
    let roll = Int.random(in: 0..<100, using: &rng)
    let kept = model.search
    switch roll {
    case 0..<25:
      let drawn = AdversarialText.keyword(using: &rng)
      let keyword = chance(30) ? kept?.keyword ?? drawn : drawn
      return .replaceSearch(images(upTo: 6, reusing: []), keyword, AdversarialValues.timestamp(using: &rng))
    case 25..<55:
      return .appendSearch(images(upTo: 4, reusing: kept?.results.map(\.id) ?? []), appendKeyword(kept))
    case 55..<63: return .deleteSearch
    default: return .retrieveSearch
    }
  }

  /// The kept keyword (the same scalars), or one that differs from it in a way a careless store would overlook (case,
  /// spaces, a compatibility form), never one that differs only in canonical normalisation, whose match the protocol
  /// leaves to the store.
  private mutating func appendKeyword(_ kept: CachedSearch?) -> String {
    let drawn = AdversarialText.keyword(using: &rng)
    guard let keyword = kept?.keyword, chance(75) else { return drawn }
    guard chance(35) else { return keyword }
    let variants = [
      keyword.uppercased(), keyword.lowercased(), keyword + " ", " " + keyword,
      keyword.precomposedStringWithCompatibilityMapping, String(keyword.dropLast()),
    ].filter { $0 != keyword }
    return pick(variants) ?? drawn
  }

  mutating func pageOperation() -> ModelOperation {
    let roll = Int.random(in: 0..<100, using: &rng)
    let listed = model.pages.images.map(\.id)
    let limits = [-1, 0, 1, 2, 3, 5, 1_000, .max]
    let limit = pick(limits) ?? 1
    let unknown = Fixtures.uuid(using: &rng)
    let known = pick(listed) ?? unknown
    let cursor = chance(85) ? known : unknown
    switch roll {
    case 0..<30: return .appendPage(images(upTo: 6, reusing: listed))
    case 30..<38: return .replacePages(chance(30) ? [] : images(upTo: 6, reusing: listed))
    case 38..<63: return .pageAfter(chance(20) ? nil : cursor, limit)
    case 63..<80: return .pageBefore(cursor, limit)
    case 80..<95: return .pageCount
    default: return .deletePages
    }
  }

  mutating func likeOperation() -> ModelOperation {
    let roll = Int.random(in: 0..<100, using: &rng)
    let pending = model.likes.stored
    let fresh = Fixtures.uuid(using: &rng)
    let pendingImage = pick(pending.map { $0.imageID }) ?? fresh
    switch roll {
    case 0..<40:
      let imageID = chance(40) ? pendingImage : fresh
      let near = pick(pending)?.timestamp
      let timestamp =
        if let near, chance(50) {
          AdversarialValues.neighbour(of: near, using: &rng)
        } else {
          AdversarialValues.timestamp(using: &rng)
        }
      let action = PendingLikeAction(
        id: Fixtures.uuid(using: &rng), imageID: imageID, kind: chance(50) ? .like : .discard, timestamp: timestamp)
      actions.append(action)
      return .enqueue(action)
    case 40..<70:
      return .pendingActions
    default:
      let stale = actions.filter { action in !pending.contains { $0.id == action.id } }
      let current = pick(pending)
      let old = pick(stale)
      let unknown = PendingLikeAction(
        id: Fixtures.uuid(using: &rng), imageID: pendingImage, kind: .like,
        timestamp: AdversarialValues.timestamp(using: &rng))
      let answered = chance(60) ? current : chance(60) ? old : nil
      return .removeIfPending(answered ?? unknown)
    }
  }
}
