import Foundation

/// The demo feed: deterministic images with descriptions and locations mixed with nil, any number of them,
/// generated from their position on the fly, so a feed of a million images costs no memory until a page is served.
public struct DemoFeed: Sendable {
  /// One demo image as the API describes it.
  public struct Item: Sendable, Hashable {
    /// The image's id; it encodes the image's position in the feed.
    public let id: UUID
    /// Its description, or nil.
    public let description: String?
    /// Its location, or nil.
    public let location: String?
  }

  /// How many images the feed has.
  public let count: Int

  /// A feed of `count` images (64, the embedded server's, by default).
  public init(count: Int = 64) {
    self.count = max(0, count)
  }

  private static let places = [
    "Lisbon, Portugal", "Kyoto, Japan", "Reykjavík, Iceland", "Cape Town, South Africa", "Valparaíso, Chile",
    "Queenstown, New Zealand", "Tromsø, Norway", "Oaxaca, México",
  ]
  private static let subjects = [
    "Morning light on the old harbour", "Rain on the tram lines", "A quiet street after the festival",
    "Fishing boats at dawn", "Murals climbing the hill", "Mist over the lake", "Northern lights over the fjord",
    "Market stalls at noon",
  ]
  private static let idPrefix = "DE300000-0000-4000-8000-"

  /// The image at `index`, the same on every run.
  public static func item(at index: Int) -> Item {
    Item(
      id: UUID(uuidString: idPrefix + String(format: "%012X", index)) ?? UUID(),
      description: index % 7 == 3 ? nil : "\(subjects[index % subjects.count]) #\(index + 1)",
      location: index % 5 == 4 ? nil : places[(index * 3) % places.count])
  }

  /// The position of the image with `id` in this feed, or `nil` when the feed has no such image.
  public func index(of id: UUID) -> Int? {
    let text = id.uuidString
    guard text.hasPrefix(Self.idPrefix), let index = Int(text.dropFirst(Self.idPrefix.count), radix: 16),
      index < count
    else { return nil }
    return index
  }

  /// Every image, in order: for small feeds and tests.
  public var items: [Item] { (0..<count).map(Self.item(at:)) }

  /// The images after the one with id `afterID` (from the start when nil) that match `keyword` (every image when
  /// nil), at most `limit` of them; `nil` when `afterID` is not an image of this feed.
  public func page(after afterID: UUID?, limit: Int, matching keyword: String? = nil) -> [Item]? {
    var start = 0
    if let afterID {
      guard let index = index(of: afterID) else { return nil }
      start = index + 1
    }
    var page: [Item] = []
    var index = start
    while index < count, page.count < max(0, limit) {
      let item = Self.item(at: index)
      if keyword.map(item.matches) ?? true { page.append(item) }
      index += 1
    }
    return page
  }
}

extension DemoFeed.Item {
  /// Whether the description or the location contains `keyword`, ignoring case and diacritics.
  public func matches(_ keyword: String) -> Bool {
    [description, location].contains { text in
      text?.range(of: keyword, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
  }
}
