import EssentialFeedCache
import Foundation
import TestSupport
import Testing

@Suite("Image caches on a full disk")
struct FullDiskImageCacheSpecs {
  @Test(
    "ICL-19 a full disk is a clear error: the cache stays within its limit, and every image stored stays readable",
    .enabled(if: geteuid() == 0, "mounting a small tmpfs as the full disk needs root"),
    arguments: ShippedStore.offering((any LimitedFeedImageDataStore).self, persistentOnly: true))
  func fullDisk(kind: ShippedStore) async throws {
    try await withTemporaryDirectory { directory in
      let disk = directory.appending(path: "disk", directoryHint: .isDirectory)
      try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
      try run("/bin/mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", disk.path(percentEncoded: false))
      defer { try? run("/bin/umount", "-l", disk.path(percentEncoded: false)) }
      let limits = ImageCacheLimits(maximumBytes: 4 << 20)  // more than the disk holds
      let image = { (number: Int) in Data(repeating: UInt8(number), count: 16 * 1_024) }
      let url = { (number: Int) in URL(fileURLWithPath: "/images/\(number).png") }
      let sut = try #require(kind.makeLimitedImageStore(in: disk, limits: limits, currentDate: Date.init))

      var stored = 0
      var failure: (any Error)?
      while failure == nil, stored < 100 {
        do {
          try await sut.insert(image(stored), for: url(stored))
          stored += 1
        } catch {
          failure = error
        }
      }

      let error = try #require(failure, "100 images of 16 KiB fit on a disk of 512 KiB")
      #expect("\(error)".contains("space") || "\(error)".contains("full"), "\(error)")
      #expect(stored > 1)
      #expect(try await sut.storedImageDataSize() == stored * 16 * 1_024)
      #expect(try await sut.retrieve(dataForURL: url(stored)) == nil, "the image that did not fit")
      do {
        try await sut.insert(image(99), for: url(0))  // a replace, on the full disk
      } catch {
        #expect(try await sut.retrieve(dataForURL: url(0)) == image(0), "a failed replace kept what was stored")
      }
      let replaced = try await sut.retrieve(dataForURL: url(0)) == image(99)
      let reopened = try #require(kind.makeLimitedImageStore(in: disk, limits: limits, currentDate: Date.init))
      #expect(try await reopened.storedImageDataSize() == stored * 16 * 1_024)
      #expect(try await reopened.retrieve(dataForURL: url(0)) == image(replaced ? 99 : 0))
      for number in 1..<stored {
        #expect(try await sut.retrieve(dataForURL: url(number)) == image(number))
        #expect(try await reopened.retrieve(dataForURL: url(number)) == image(number))
      }
    }
  }

  private func run(_ tool: String, _ arguments: String...) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(tool) \(arguments.joined(separator: " ")) failed")
  }
}
