import EssentialFeed
import EssentialFeedCache
import Foundation

/// Reading every capability of a set of stores back whole, and comparing what came back with a model: how a
/// generated history ends, how writes at once are judged, and how the damage specs check a filled store.
enum WholeReads {
  /// The reads that show every capability of `stores` whole.
  static func of(_ stores: StoreCapabilities, urls: [URL]) -> [ModelOperation] {
    var reads: [ModelOperation] = []
    if stores.feed != nil { reads.append(.retrieveFeed) }
    if stores.search != nil { reads.append(.retrieveSearch) }
    if stores.pages != nil { reads += [.pageCount, .pageAfter(nil, .max)] }
    if stores.pendingLikes != nil { reads.append(.pendingActions) }
    if stores.images != nil {
      var seen: Set<String> = []
      reads += urls.filter { seen.insert($0.absoluteString).inserted }.map(ModelOperation.retrieveImage)
    }
    return reads
  }

  /// Compares what `reads` gave with `model`, which takes them in: the first difference, or `nil`.
  static func compare(_ reads: [ModelOperation], _ observed: [Observation], with model: inout ReferenceModel) -> String?
  {
    for (read, observation) in zip(reads, observed) {
      let expected = model.apply(read)
      guard expected.allows(observation) else { return "\(read): \(expected.difference(from: observation))" }
      model.settle(read, observation)
    }
    return nil
  }
}
