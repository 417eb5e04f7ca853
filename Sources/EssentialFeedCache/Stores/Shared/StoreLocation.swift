import Foundation

/// The file-system path of a store's location URL, checked: a store given a URL that is not a file URL (or has an
/// empty path) reports it on every operation instead of reading and writing relative to the working directory.
enum StoreLocation {
  /// `url`'s path, or, for a URL a store cannot use, a path that exists nowhere and the error every operation throws.
  static func resolve(_ url: URL) -> (path: String, invalid: FileFeedStoreError?) {
    let path = url.path(percentEncoded: false)
    guard url.isFileURL, path.hasPrefix("/") else { return ("/nonexistent", .invalidLocation(url.absoluteString)) }
    return (path, nil)
  }
}
