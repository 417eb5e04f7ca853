import EssentialFeedCache
import EssentialFeedSQLite
import Foundation
import TestSupport
import Testing

@testable import FeedCLI

@Suite("The app's image cache")
struct ImageCacheAppTests {
  @Test("ICL-12 feed --image-cache-limit keeps the cached images within the limit; every image still shows")
  func limit() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let output = try await FeedApp.show(
        AppOptions(
          url: nil, offline: false, store: store, json: false, limits: .patient,
          imageLimits: ImageCacheLimits(maximumBytes: 5_000)),
        progress: nil)
      let images = FeedStorage.Kind.fileSystem.storage(in: directory).images  // the app's default kind

      #expect(output.contains("Images: 64 loaded (0 from the cache, 64 from the server), 0 failed."))
      let stored = try await images.storedImageDataSize()
      #expect(stored > 0 && stored <= 5_000)
    }
  }

  @Test("ICL-13 feed --image-max-age: an image as old as the maximum age is a miss (offline, it no longer shows)")
  func maxAge() async throws {
    try await withTemporaryDirectory(preferringMemory: true) { directory in
      let store = directory.path(percentEncoded: false)
      let limits = ImageCacheLimits(maximumBytes: 100 << 20, maximumAge: 60)
      // One instant for the runs that should find the images fresh: on a busy machine the first run alone took
      // longer than the maximum age by the wall clock (CI, 662 s for the suite), and its first images expired.
      let start = Date()
      _ = try await FeedApp.show(
        AppOptions(
          url: nil, offline: false, store: store, json: false, limits: .patient, imageLimits: limits, now: { start }),
        progress: nil)

      let fresh = try await FeedApp.show(
        AppOptions(
          url: nil, offline: true, store: store, json: false, limits: .patient, imageLimits: limits, now: { start }),
        progress: nil)
      let later = try await FeedApp.show(
        AppOptions(
          url: nil, offline: true, store: store, json: false, limits: .patient, imageLimits: limits,
          now: { start + 61 }),
        progress: nil)

      #expect(fresh.contains("Images: 64 loaded (64 from the cache, 0 from the server), 0 failed."))
      #expect(later.contains("0 loaded"), "\(later.suffix(120))")
    }
  }

  @Test(
    "ICL-14 bad image cache options are one clear line each, and exit code 1",
    arguments: [["--image-cache-limit", "-1"], ["--image-max-age", "-5"], ["--image-cache-limit", "lots"]])
  func badOptions(arguments: [String]) async {
    await expectOneLineError(arguments)
  }

}
