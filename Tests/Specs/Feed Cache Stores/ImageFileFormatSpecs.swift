import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedCache

@Suite("FileSystemFeedStore image cache: its image files")
struct ImageFileFormatSpecs {
  @Test("ICL-25 an image file's checksum is XXH64: it matches the reference implementation's vectors")
  func xxh64Vectors() {
    // From the reference implementation (python-xxhash 3, `xxh64_intdigest`): short inputs, the 32-byte stripes and
    // every tail length (8-, 4- and 1-byte steps), with seeds.
    let vectors: [(bytes: [UInt8], seed: UInt64, hash: UInt64)] = [
      ([], 0, 0xEF46_DB37_51D8_E999),
      (Array("a".utf8), 0, 0xD24E_C4F1_A98C_6E5B),
      (Array("abc".utf8), 0, 0x44BC_2CF5_AD77_0999),
      (Array("xxhash".utf8), 20_141_025, 0xB559_B98D_844E_0635),
      (
        Array((0..<256).map { UInt8($0) }) + Array((0..<256).map { UInt8($0) }) + Array((0..<256).map { UInt8($0) })
          + Array("tail!".utf8), 0, 0x26BB_FF34_E506_DAFF
      ),
      ((0..<100).map { UInt8($0) }, 7, 0x8065_3E7E_9B88_7CDD),
    ]
    for vector in vectors {
      let hash = vector.bytes.withUnsafeBytes { XXH64.hash($0, seed: vector.seed) }
      #expect(hash == vector.hash, "\(vector.bytes.count) bytes, seed \(vector.seed)")
    }
  }

  @Test("ICL-26 image files of version 2 (an older store's) still load: the checksum's change loses no image")
  func version2FilesStillLoad() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let url = URL(string: "https://a.com/old.jpg")!
      let image = Data((0..<1_000).map { UInt8($0 % 251) })
      let stored = Date()
      // The images directory and index as an older store left them, then its file for the URL, of version 2.
      try await FileSystemFeedStore(directory: directory).insert(Data("placeholder".utf8), for: url)
      let file = directory.appending(path: "images").appending(path: ImageFileFormat.fileName(for: url.absoluteString))
      try Self.version2File(image, key: url.absoluteString, stored: stored).write(to: file)

      #expect(try await FileSystemFeedStore(directory: directory).retrieve(dataForURL: url) == image)
      let corrupt = Self.version2File(image, key: url.absoluteString, stored: stored, checksumOffset: 1)
      #expect(throws: (any Error).self) { try ImageFileFormat.decode(corrupt) }
    }
  }

  @Test("ICL-27 a new image file is version 3, holds the caller's bytes unchanged, and decodes to what was written")
  func version3RoundTrip() throws {
    let image = Data((0..<70_000).map { UInt8($0 % 253) })
    let stored = Date(timeIntervalSinceReferenceDate: 812_345_678.25)
    let file = ImageFileFormat.encode(image, key: "https://a.com/new.jpg", stored: stored)
    #expect(file.prefix(6) == Data([0x45, 0x46, 0x49, 0x4D, 3, 0]))
    #expect(file.suffix(image.count) == image)
    let contents = try ImageFileFormat.decode(file)
    #expect(contents.data == image)
    #expect(contents.key == "https://a.com/new.jpg")
    #expect(contents.stored == stored)
    for offset in [ImageFileFormat.headerSize + 3, file.count - 1] {  // a changed byte of the URL, of the image
      var changed = file
      changed[offset] ^= 0x40
      #expect(throws: (any Error).self) { try ImageFileFormat.decode(changed) }
    }
  }

  /// An image file as version 2 wrote it: the same layout, version 2, and the `Hash64` checksum.
  static func version2File(_ data: Data, key: String, stored: Date, checksumOffset: UInt64 = 0) -> Data {
    var writer = BinaryWriter(capacity: 64)
    let url = Array(key.utf8)
    let bits = stored.timeIntervalSinceReferenceDate.bitPattern
    writer.append(UInt32(0x4D49_4645))
    writer.append(UInt16(2))
    writer.append(UInt16(0))
    writer.append(UInt32(url.count))
    writer.append(UInt64(data.count))
    writer.append(bits)
    let body = data.withUnsafeBytes { Hash64.hash($0) }
    writer.append(url.withUnsafeBytes { Hash64.hash($0, seed: body ^ bits) } &+ checksumOffset)
    return Data(writer.bytes + url) + data
  }
}
