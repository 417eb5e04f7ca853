/// A list loaded a page at a time: the items so far, and how to load the next page, if there is one.
///
/// `loadMore` delivers the whole list again with the next page appended, so a screen replaces what it shows with
/// each value it receives. It is `nil` once the end was reached.
public struct Paginated<Item: Sendable>: Sendable {
  /// Every item loaded so far, in order.
  public let items: [Item]
  /// Loads the next page; `nil` when the end was reached.
  public let loadMore: (@Sendable () async throws -> Paginated<Item>)?

  /// Creates a list of items loaded so far.
  ///
  /// - Parameters:
  ///   - items: Every item loaded so far, in order.
  ///   - loadMore: Loads the next page; `nil` when the end was reached.
  public init(items: [Item], loadMore: (@Sendable () async throws -> Paginated<Item>)? = nil) {
    self.items = items
    self.loadMore = loadMore
  }
}

extension Paginated {
  /// Loads pages until the end, or until `maximumPages` pages (this one included) were loaded.
  ///
  /// - Parameter maximumPages: A bound for lists that never end.
  /// - Returns: Every item loaded.
  public func loadingAll(maximumPages: Int = 1_000) async throws -> [Item] {
    var current = self
    var pages = 1
    while let loadMore = current.loadMore, pages < maximumPages {
      current = try await loadMore()
      pages += 1
    }
    return current.items
  }
}
