/// A list loaded a page at a time: the items so far, and how to load the next page, if there is one.
///
/// `loadMore` delivers the whole list again with the next page appended, so a screen replaces what it shows with
/// each value it receives. It is `nil` once the end was reached.
///
/// A windowed list (``FeedWindow``) delivers only the items it holds: ``startIndex`` is the position of the first
/// one in the whole list, and ``loadPrevious`` loads the items before it. A list that is not windowed starts at 0
/// and has no `loadPrevious`.
public struct Paginated<Item: Sendable>: Sendable {
  /// Every item loaded so far, in order; for a windowed list, the items the window holds.
  public let items: [Item]
  /// The position of `items[0]` in the whole list: 0 unless the list is windowed and dropped items at its head.
  public let startIndex: Int
  /// Loads the next page; `nil` when the end was reached.
  public let loadMore: (@Sendable () async throws -> Paginated<Item>)?
  /// Loads the page before ``startIndex``; `nil` at the start of the list.
  public let loadPrevious: (@Sendable () async throws -> Paginated<Item>)?

  /// Creates a list of items loaded so far.
  ///
  /// - Parameters:
  ///   - items: Every item loaded so far, in order.
  ///   - loadMore: Loads the next page; `nil` when the end was reached.
  public init(items: [Item], loadMore: (@Sendable () async throws -> Paginated<Item>)? = nil) {
    self.init(items: items, startIndex: 0, loadMore: loadMore, loadPrevious: nil)
  }

  /// Creates a window on a list: the items held, where they start, and how to move either way.
  ///
  /// - Parameters:
  ///   - items: The items held, in order.
  ///   - startIndex: The position of `items[0]` in the whole list.
  ///   - loadMore: Loads the next page; `nil` when the end was reached.
  ///   - loadPrevious: Loads the page before `startIndex`; `nil` at the start of the list.
  public init(
    items: [Item], startIndex: Int,
    loadMore: (@Sendable () async throws -> Paginated<Item>)?,
    loadPrevious: (@Sendable () async throws -> Paginated<Item>)?
  ) {
    self.items = items
    self.startIndex = startIndex
    self.loadMore = loadMore
    self.loadPrevious = loadPrevious
  }

  /// The position just past the last item held: ``startIndex`` plus the number of items.
  public var endIndex: Int { startIndex + items.count }
}

extension Paginated {
  /// Loads pages until the end (no next page, or a page that brings nothing new), or until `maximumPages` pages
  /// (this one included) were loaded: the same loop as ``FeedPager/loadAll(maximumPages:)``.
  ///
  /// A list still going at the bound is cut, and a cut list is never delivered as the whole list (as
  /// ``FeedPager/loadAll(maximumPages:)`` does): the page after the bound is asked for, and when it brings anything
  /// new the load fails, unless `endingAtBound` says the cut is what the caller asked for (a search's first pages).
  ///
  /// - Parameters:
  ///   - maximumPages: A bound for lists that never end.
  ///   - endingAtFailure: Whether a page that fails ends the list with the items loaded so far (a search that
  ///     already has results shows them), instead of failing the whole load.
  ///   - endingAtBound: Whether a list still going at the bound ends there with the items loaded, instead of failing.
  /// - Returns: Every item loaded.
  /// - Throws: ``FeedPager/Error/listDidNotEnd(pages:images:)`` for a list longer than the bound (unless
  ///   `endingAtBound`); a page's error, unless `endingAtFailure`; `CancellationError` either way.
  public func loadingAll(
    maximumPages: Int = 1_000, endingAtFailure: Bool = false, endingAtBound: Bool = false
  ) async throws -> [Item] {
    var current = self
    let walk = PageWalk<Paginated>(
      next: { try await current.loadMore?() },
      bringsNew: { $0.endIndex > current.endIndex },
      take: { current = $0 },
      count: { current.items.count })
    try await walk.run(
      taken: 1, maximumPages: maximumPages, endingAtFailure: endingAtFailure, endingAtBound: endingAtBound)
    return current.items
  }
}
