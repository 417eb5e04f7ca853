import EssentialFeed
import EssentialFeedCache
import Foundation

/// What a generated history may do: the capabilities the stores under test keep, which of them the suite is about,
/// and whether the location can be reopened and shared by a second live instance.
struct HistoryPlan: Sendable {
  enum Capability: Sendable, CaseIterable {
    case feed, images, search, pages, likes
  }

  /// The capabilities the stores keep.
  var capabilities: [Capability]
  /// The suite's own capability: drawn most often; the others run between its operations.
  var focus: Capability
  /// Whether the image store has limits (`storedImageDataSize`, `deleteAllImageData`, `flush`).
  var limitedImages: Bool
  /// Whether the spec made the image store's limits and drives its clock.
  var knowsImageLimits: Bool
  /// Whether instances can be released and reopened, and a second one kept alive beside the first.
  var persistent: Bool
  /// Whether two instances' writes run at once (only where the suite promises that instances share the location).
  var contention: Bool
  /// Operations in one history.
  var length: Int

  init(
    stores: StoreCapabilities, focus: Capability, knowsImageLimits: Bool = false, persistent: Bool = false,
    length: Int = 40
  ) {
    var capabilities: [Capability] = []
    if stores.feed != nil { capabilities.append(.feed) }
    if stores.images != nil { capabilities.append(.images) }
    if stores.search != nil { capabilities.append(.search) }
    if stores.pages != nil { capabilities.append(.pages) }
    if stores.pendingLikes != nil { capabilities.append(.likes) }
    self.capabilities = capabilities
    self.focus = focus
    self.limitedImages = stores.limitedImages != nil
    self.knowsImageLimits = knowsImageLimits
    self.persistent = persistent
    self.contention = persistent
    self.length = length
  }

  /// How the model treats image reads: exactly when the store has no limits, least recently used when the spec made
  /// its limits and drives its clock, and otherwise (limits unknown) as a cache that may have evicted anything.
  func imageKind(sharedByTwoInstances: Bool) -> ImageReference.Kind {
    if knowsImageLimits { return sharedByTwoInstances ? .mayMiss : .leastRecentlyUsed }
    return limitedImages ? .mayMiss : .exact
  }
}
