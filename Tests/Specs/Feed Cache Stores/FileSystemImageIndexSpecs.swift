import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedCache

@Suite("FileSystemFeedStore image cache: its index")
struct FileSystemImageIndexSpecs {
  let limits = ImageCacheLimits(maximumBytes: 1_000, maximumAge: 3_600)

  @Test(
    "ICL-15 a lost or damaged index (deleted, torn, garbage, a changed byte, impossible sizes, a directory) is rebuilt from the image files; junk in the directory is removed; never a crash",
    arguments: IndexDamage.allCases)
  func indexLoss(damage: IndexDamage) async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.appending(path: "store")
      let first = FileSystemFeedStore(directory: store, imageLimits: limits)
      for name in ["a", "b"] { try await first.insert(Data(count: 300), for: url(name)) }
      let junk = store.appending(path: "images/left-by-hand.txt")
      try Data("junk".utf8).write(to: junk)
      try damage.apply(to: store.appending(path: "images.index"))

      let reopened = FileSystemFeedStore(directory: store, imageLimits: limits)
      #expect(try await reopened.retrieve(dataForURL: url("a"))?.count == 300)
      #expect(try await reopened.storedImageDataSize() == 600)
      try await reopened.insert(Data(count: 500), for: url("c"))

      #expect(try await reopened.storedImageDataSize() == 800)
      #expect(try await reopened.retrieve(dataForURL: url("b")) == nil, "b, the least recently used, was evicted")
      #expect(try await reopened.retrieve(dataForURL: url("c"))?.count == 500)
      #expect(!FileManager.default.fileExists(atPath: junk.path(percentEncoded: false)))
      let laterJunk = store.appending(path: "images/left-later.txt")
      try Data("junk".utf8).write(to: laterJunk)
      let third = FileSystemFeedStore(directory: store, imageLimits: limits)
      #expect(try await third.storedImageDataSize() == 800)
      #expect(
        FileManager.default.fileExists(atPath: laterJunk.path(percentEncoded: false)),
        "the third instance rebuilt the index again: the rebuilt one was not written back")
    }
  }

  @Test("ICL-16 a writer killed between an image's file and its index record: the next load deletes the file")
  func killedBetweenFileAndRecord() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.appending(path: "store")
      let first = FileSystemFeedStore(directory: store, imageLimits: limits)
      try await first.insert(Data(count: 300), for: url("a"))
      // What a writer killed after its `dirty` record and its file, before its `clean` record, leaves behind.
      let half = url("half-written")
      try ImageIndexJournal.append(
        [.dirty(SHA256(half.absoluteString))], to: store.appending(path: "images.index").path(percentEncoded: false))
      try ImageFileFormat.encode(Data(count: 600), key: half.absoluteString, stored: Date())
        .write(to: imageFile(for: half, in: store))

      let reopened = FileSystemFeedStore(directory: store, imageLimits: limits)
      #expect(try await reopened.storedImageDataSize() == 300)
      #expect(!FileManager.default.fileExists(atPath: imageFile(for: half, in: store).path(percentEncoded: false)))
      #expect(try await reopened.retrieve(dataForURL: url("a"))?.count == 300)
    }
  }

  @Test("ICL-17 opening a store and looking images up reads neither the directory nor the index")
  func lookupsReadNoIndex() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.appending(path: "store")
      try await FileSystemFeedStore(directory: store, imageLimits: limits).insert(Data(count: 300), for: url("a"))
      let index = store.appending(path: "images.index")
      let junk = store.appending(path: "images/left-by-hand.txt")
      try Data("junk".utf8).write(to: junk)
      try Data("not an index".utf8).write(to: index)  // Loading it would rebuild, and remove the junk.

      let sut = FileSystemFeedStore(directory: store, imageLimits: limits)
      #expect(try await sut.retrieve(dataForURL: url("a"))?.count == 300)
      #expect(try await sut.retrieve(dataForURL: url("b")) == nil)

      #expect(FileManager.default.fileExists(atPath: junk.path(percentEncoded: false)), "the directory was listed")
      #expect(try Data(contentsOf: index) == Data("not an index".utf8), "the index was loaded")
    }
  }

  @Test("ICL-18 the index's journal is compacted: 1,200 inserts and reads through a cache of 10 images keep it small")
  func journalStaysSmall() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.appending(path: "store")
      let sut = FileSystemFeedStore(directory: store, imageLimits: ImageCacheLimits(maximumBytes: 100))
      for number in 0..<1_200 {
        try await sut.insert(Data(count: 10), for: url("\(number)"))
        _ = try await sut.retrieve(dataForURL: url("\(number / 2)"))
      }
      let size = try FileManager.default.attributesOfItem(atPath: store.appending(path: "images.index").path)[.size]
      let records = try #require(size as? Int) / ImageIndexJournal.recordSize
      #expect(records <= 2 * 10 + 1_000 + 3, "\(records) records for 10 entries")
      #expect(try await sut.storedImageDataSize() == 100)
      let files = try FileManager.default.contentsOfDirectory(atPath: store.appending(path: "images").path)
      #expect(files.count == 10)
      #expect(try await FileSystemFeedStore(directory: store).storedImageDataSize() == 100)
    }
  }

  @Test("ICL-20 image file names are the SHA-256 digest of the URL: it matches the FIPS 180-4 test vectors")
  func sha256Vectors() {
    #expect(SHA256("").hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256("abc").hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq").hex
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      SHA256(String(repeating: "a", count: 1_000_000)).hex
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    // Every way the padding falls: the length field in the last block, or in one more (hashlib's digests).
    let boundaries: [(count: Int, hex: String)] = [
      (55, "576a1bf8d4478657e6dc4af9398544765c2a92cde28478b019235cfed315fc09"),
      (56, "9b20501dfd1d99161c257950f3444f3e49230c351c5c8e0943ef369f85f5205d"),
      (63, "30b345906b493f06f69444b6521113511c242f30e29840462950035043682f1e"),
      (64, "d8bc63b4fc1156e5e7d95a418b9bf54cd3174bedbc2db40f74895349b229b3c0"),
      (65, "1ee23b0fbcaecc1aff4a9e8f1645f35ab2c8e13609cd73b68df8b5e3f63ce073"),
      (119, "7a6589821178918ca8d9edaba5abfc1e9b2669564f4469b66885379c1530b2c8"),
      (120, "655250427d56b1b0eeb8497d21428704273458a01772d6881b65c0abac0f8a98"),
      (128, "54c9eb041badfd7064645067b107661fed6113197ce2dd066ba69618abd3732f"),
    ]
    for (count, hex) in boundaries {
      #expect(SHA256(bytes: (0..<count).map { UInt8(truncatingIfNeeded: $0 * 7) }).hex == hex, "\(count) bytes")
    }
    #expect(SHA256(hex: SHA256("abc").hex) == SHA256("abc"))
    #expect(SHA256(hex: String(repeating: "g", count: 64)) == nil)
  }

  private func url(_ name: String) -> URL {
    URL(fileURLWithPath: "/").appending(path: name)
  }
}

/// Ways an image index is lost or damaged.
enum IndexDamage: String, CaseIterable, Sendable {
  case deleted, tornRecord, garbage, changedByte, impossibleSizes, directory

  func apply(to index: URL) throws {
    let path = index.path(percentEncoded: false)
    switch self {
    case .deleted: try FileManager.default.removeItem(at: index)
    case .tornRecord: #expect(truncate(path, off_t(ImageIndexJournal.headerSize + 70)) == 0)
    case .garbage: try Data(repeating: 0xAB, count: 200).write(to: index)
    case .changedByte:
      var bytes = try Data(contentsOf: index)
      bytes[ImageIndexJournal.headerSize + 20] ^= 0x01
      try bytes.write(to: index)
    case .impossibleSizes:  // Valid records (the checksum is no secret) whose sizes would overflow the total.
      let records: [ImageIndexJournal.Record] = [
        .clean(SHA256("x"), size: Int.max, stored: Date()), .clean(SHA256("y"), size: 1, stored: Date()),
      ]
      try Data(ImageIndexJournal.header() + ImageIndexJournal.encode(records)).write(to: index)
    case .directory:
      try FileManager.default.removeItem(at: index)
      try FileManager.default.createDirectory(at: index, withIntermediateDirectories: false)
    }
  }
}
