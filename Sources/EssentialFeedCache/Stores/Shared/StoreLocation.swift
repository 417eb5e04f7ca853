import Foundation

/// The file-system path of a store's location URL, checked: a store given a URL that is not a file URL (or has an
/// empty path) reports it on every operation instead of reading and writing relative to the working directory.
enum StoreLocation {
  static func path(of url: URL) -> Result<String, FileFeedStoreError> {
    let path = url.path(percentEncoded: false)
    guard url.isFileURL, path.hasPrefix("/") else { return .failure(.invalidLocation(url.absoluteString)) }
    return .success(path)
  }
}
