import Foundation

extension FeedPager {
  /// Why a whole list could not be delivered.
  public enum Error: Swift.Error, Sendable, Hashable, LocalizedError {
    /// The list had not ended after `pages` pages, holding `images` images: a list cut there is never delivered as
    /// the whole list (nor saved as one by a caching decorator), as a payload with one invalid item is not either.
    case listDidNotEnd(pages: Int, images: Int)

    /// The failure in one sentence.
    public var errorDescription: String? {
      switch self {
      case .listDidNotEnd(let pages, let images):
        "The list had not ended after \(pages) pages (\(images) images): it was cut there, and is not delivered as whole."
      }
    }
  }
}
