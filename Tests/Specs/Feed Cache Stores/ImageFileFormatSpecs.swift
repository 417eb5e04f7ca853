import CCRC32C
import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedCache

@Suite("FileSystemFeedStore image cache: its image files")
struct ImageFileFormatSpecs {
  @Test("ICL-25 an image file's checksum is CRC-32C: the published test vectors, by the instruction and by the table")
  func crc32cVectors() {
    let ascending = (0..<32).map { UInt8($0) }
    let long = Array((0..<768).map { UInt8($0 % 256) }) + Array("tail!".utf8)
    let vectors: [(bytes: [UInt8], crc: UInt32)] = [
      ([], 0), (Array("123456789".utf8), 0xE306_9283), (Array("a".utf8), 0xC1D0_4330),
      ([UInt8](repeating: 0, count: 32), 0x8A91_36AA), ([UInt8](repeating: 0xFF, count: 32), 0x62A8_AB43),
      (ascending, 0x46DD_794E), (long, 0xF041_557A),
    ]
    #if arch(x86_64)
      #expect(essentialfeed_crc32c_uses_instruction() == 1, "every x86-64 machine this runs on has SSE 4.2")
    #endif
    for vector in vectors {
      vector.bytes.withUnsafeBytes { bytes in
        #expect(CRC32C.checksum(bytes) == vector.crc, "\(vector.bytes.count) bytes")
        #expect(essentialfeed_crc32c_portable(0, bytes.baseAddress, bytes.count) == vector.crc)
        for split in [0, 1, 7, 9, 33, bytes.count / 2] where split <= bytes.count {  // continued over two parts
          let first = CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[..<split]))
          #expect(CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[split...]), continuing: first) == vector.crc)
        }
      }
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
    // A changed byte of the date, of the checksum's upper half (a 32-bit CRC zero-extended), of the URL, of the image.
    for offset in [20, 32, ImageFileFormat.headerSize + 3, file.count - 1] {
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
