import CCRC32C
import Foundation

/// The checksum stored with each image (CRC-32C, as the file-system store's image files carry): SQLite checks its pages'
/// structure, never their contents, so a zeroed last page of an image's data reads as other bytes without it.
enum ImageChecksum {
  /// The checksum of `data`.
  static func of(_ data: Data) -> Int {
    Int(
      data.withUnsafeBytes { bytes in
        bytes.baseAddress.map { essentialfeed_crc32c(0, $0, bytes.count) } ?? 0
      })
  }
}
