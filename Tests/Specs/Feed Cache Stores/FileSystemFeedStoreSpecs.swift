import EssentialFeedSpecs
import Foundation
import TestSupport
import Testing

@testable import EssentialFeedCache

@Suite("FileSystemFeedStore")
struct FileSystemFeedStoreSpecs {
  @Test("FFS-1 image file names never leave the directory and never collide, whatever the URL")
  func imageFileNamesStayInside() async throws {
    try await withTemporaryDirectory { directory in
      let store = directory.appending(path: "store")
      let sut = FileSystemFeedStore(directory: store)
      let urls = try [
        "https://host.com/../../../../etc/passwd", "https://host.com/%2E%2E/%2E%2E/%2E%2E/escape",
        "https://host.com/a/b/c", "https://host.com/a%2Fb%2Fc",
        "https://host.com/\(String(repeating: "x", count: 3_000))",
        "https://host.com/caf%C3%A9/%F0%9F%8C%8D", "https://host.com/a?b=../../c", "https://host.com/a#../../b",
        "https://host.com/A", "https://host.com/a", "https://HOST.com/a", "file:///etc/passwd",
      ].map { try #require(URL(string: $0)) }

      for (index, url) in urls.enumerated() {
        try await sut.insert(Data("data \(index)".utf8), for: url)
      }

      for (index, url) in urls.enumerated() {
        #expect(try await sut.retrieve(dataForURL: url) == Data("data \(index)".utf8))
      }
      let everything = try FileManager.default.subpathsOfDirectory(atPath: directory.path(percentEncoded: false))
      let images = everything.filter { $0.hasPrefix("store/images/") }
      #expect(
        Set(everything).subtracting(images) == ["store", "store/images", "store/images.index", "store/images.lock"],
        "files outside the image directory")
      #expect(Set(images).count == urls.count, "two URLs share a file")
      #expect(images.allSatisfy { $0.wholeMatch(of: /store\/images\/[0-9a-f]{64}\.image/) != nil })
    }
  }

  @Test("FFS-2 a file at a URL's name that holds another URL is never returned for it, and the next insert replaces it")
  func fileOfAnotherURLIsNeverReturned() async throws {
    try await withTemporaryDirectory { directory in
      let store = directory.appending(path: "store")
      let sut = FileSystemFeedStore(directory: store)
      let url = try #require(URL(string: "https://host.com/wanted.jpg"))
      let squatter = "https://host.com/a-url-whose-name-collides.jpg"
      // Put another URL's file where `url`'s is, as a digest collision (or a file moved by hand) would.
      let images = store.appending(path: "images", directoryHint: .isDirectory)
      try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
      let squatterFile = images.appending(path: ImageFileFormat.fileName(for: url.absoluteString))
      try ImageFileFormat.encode(Data("squatter".utf8), key: squatter, stored: Date()).write(to: squatterFile)

      #expect(try await sut.retrieve(dataForURL: url) == nil)
      try await sut.insert(Data("wanted".utf8), for: url)

      #expect(try await sut.retrieve(dataForURL: url) == Data("wanted".utf8))
      #expect(try ImageFileFormat.decode(Data(contentsOf: squatterFile)).key == url.absoluteString)
    }
  }

  @Test("FFS-3 a damaged feed file (truncated, any byte changed, unknown version) is a retrieval error, never a crash")
  func damagedFeedFileIsError() async throws {
    try await withTemporaryDirectory { directory in
      let store = directory.appending(path: "store")
      let sut = FileSystemFeedStore(directory: store)
      try await sut.insert(Array(uniqueFeed().local), timestamp: fixedCurrentDate)
      let file = store.appending(path: "feed.cache")
      let valid = try Data(contentsOf: file)

      var damaged: [Data] = (0..<valid.count).map { valid.prefix($0) }
      for index in valid.indices {
        var flipped = valid
        flipped[index] ^= 0x5A
        damaged.append(flipped)
      }
      damaged.append(valid + Data([0]))
      for bytes in damaged {
        try bytes.write(to: file)
        await #expect(throws: FileFeedStoreError.self) { try await sut.retrieve() }
      }
    }
  }

  @Test("FFS-4 a damaged image file is a retrieval error, and the next insert for its URL replaces it")
  func damagedImageFileRecovers() async throws {
    try await expectDamagedImageFileRecovers { $0 = Data("garbage".utf8) }
  }

  @Test("FFS-5 creates the directory and files readable by the user only")
  func privatePermissions() async throws {
    try await withTemporaryDirectory { directory in
      let store = directory.appending(path: "store")
      let sut = FileSystemFeedStore(directory: store)

      try await sut.insert([], timestamp: Date())
      try await sut.insert(anyData(), for: anyURL())

      #expect(try permissions(of: store) == 0o700)
      #expect(try permissions(of: store.appending(path: "feed.cache")) == 0o600)
      #expect(try permissions(of: store.appending(path: "images")) == 0o700)
      let images = try FileManager.default.contentsOfDirectory(
        at: store.appending(path: "images"), includingPropertiesForKeys: nil)
      #expect(try images.map(permissions(of:)) == [0o600])
    }
  }
}
