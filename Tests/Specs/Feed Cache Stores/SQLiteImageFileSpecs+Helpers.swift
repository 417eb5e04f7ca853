import EssentialFeedSpecs
import Foundation
import Testing

/// Every image store spec, as one argument list: SQL-37 runs them all with every image a file.
enum ImageSpec: CustomTestStringConvertible, CaseIterable {
  case store(FeedImageDataStoreSpec)
  case limited(LimitedFeedImageDataStoreSpec)
  case persistent(PersistentLimitedFeedImageDataStoreSpec)
  case diskUse(ImageCacheDiskUseSpec)

  static let allCases: [ImageSpec] =
    FeedImageDataStoreSpec.allCases.map(ImageSpec.store) + LimitedFeedImageDataStoreSpec.allCases.map(ImageSpec.limited)
    + PersistentLimitedFeedImageDataStoreSpec.allCases.map(ImageSpec.persistent)
    + ImageCacheDiskUseSpec.allCases.map(ImageSpec.diskUse)

  var testDescription: String {
    switch self {
    case .store(let spec): spec.testDescription
    case .limited(let spec): spec.testDescription
    case .persistent(let spec): spec.testDescription
    case .diskUse(let spec): spec.testDescription
    }
  }
}

extension SQLiteImageFileSpecs {
  /// `count` bytes that differ from `seed` to `seed`.
  func bytes(_ count: Int, seed: UInt8) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) })
  }

  /// The directory of the image files beside the database `file`.
  func imagesDirectory(of file: URL) -> URL {
    URL(fileURLWithPath: file.path(percentEncoded: false) + "-images", isDirectory: true)
  }

  /// The names in the image files' directory beside the database `file`, sorted.
  func imageFiles(beside file: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: imagesDirectory(of: file).path(percentEncoded: false)))
      ?? []).sorted()
  }

  /// The contents of the image files beside the database `file`, in the order of their names.
  func fileContents(beside file: URL) throws -> [Data] {
    try imageFiles(beside: file).map { try Data(contentsOf: imagesDirectory(of: file).appending(path: $0)) }
  }
}
