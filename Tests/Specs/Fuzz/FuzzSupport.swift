import EssentialFeed
import EssentialFeedCache
import FeedImages
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Counts one fuzz target's inputs and outcomes, records an issue per broken rule or hang, and prints a summary.
///
/// Time is reported, not judged: the slowest input and the inputs over a second are printed (and kept beside the
/// artifacts), since on a busy machine any input may stall for seconds. Only an input that takes over a minute,
/// which no stall explains, is recorded as a hang.
struct FuzzReport {
  /// Longer than this is a hang: a failure.
  static let hang = Duration.seconds(60)
  /// Longer than this is reported as slow.
  static let slow = Duration.seconds(1)

  let name: String
  let seed: UInt64
  private(set) var inputs = 0
  private(set) var hangs = 0
  private(set) var slowInputs = 0
  private(set) var slowest = Duration.zero
  private(set) var violations = 0
  private let artifact: URL? = ProcessInfo.processInfo.environment["ESSENTIALFEED_FUZZ_ARTIFACTS"].map {
    URL(fileURLWithPath: $0)
  }

  /// Starts a report, and prints the seed at once: an input that kills the process (a trap in Foundation) leaves no
  /// summary, and the seed is what replays it.
  init(name: String, seed: UInt64) {
    self.name = name
    self.seed = seed
    Swift.print("fuzz \(name): seed \(seed) (replay with ESSENTIALFEED_FUZZ_SEED=\(seed))")
  }

  /// Writes the input where `scripts/fuzz` finds it if the process dies on it.
  func save(_ input: [UInt8]) {
    guard let artifact else { return }
    try? Data(input).write(to: artifact.appending(path: "current-\(name)"))
  }

  mutating func record(_ input: [UInt8], broken: String?, duration: Duration) {
    inputs += 1
    slowest = max(slowest, duration)
    if duration > Self.slow {
      slowInputs += 1
      if let artifact { try? Data(input).write(to: artifact.appending(path: "slow-\(name)-\(slowInputs)")) }
    }
    if duration > Self.hang {
      hangs += 1
      Issue.record("\(name): an input took \(duration) (a hang: over a minute): \(Self.preview(input))")
    }
    if let broken {
      violations += 1
      Issue.record("\(name): \(broken): \(Self.preview(input))")
    }
  }

  func print() {
    Swift.print(
      "fuzz \(name): \(inputs) inputs, \(violations) accepted against the rules, \(hangs) hangs, "
        + "\(slowInputs) over 1 s (slowest \(slowest)) (seed \(seed))")
  }

  /// The input as a Swift string literal would show it (non-printable bytes escaped), cut at 1,000 bytes.
  private static func preview(_ input: [UInt8]) -> String {
    let text = input.prefix(1_000).map { byte in
      (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }.joined()
    return input.count > 1_000 ? "\(text)… (\(input.count) bytes)" : text
  }
}

/// Seeds for the fuzzers and the independent oracle of the feed payload's rules.
enum FuzzSeeds {
  static let ok = httpResponse(statusCode: 200)

  static func feedPayloads() -> [[UInt8]] {
    [
      #"{"items":[]}"#,
      #"{"items":[{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086","image":"https://a.com/1.jpg"}]}"#,
      #"{"items":[{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086","description":"d","location":null,"image":"http://b.io/x?y=1#z"},"#
        + #"{"id":"7E2B1B5C-0A0A-4C4C-9B9B-123456789ABC","description":"Ünï \"q\" \\","location":"L","image":"https://c.org/p"}]}"#,
    ].map { Array($0.utf8) }
  }

  /// Why `data`, which the mapper accepted as `mapped`, breaks the rules of UseCases.md, or `nil` when it follows
  /// them: a top-level object whose `items` is an array of objects, each with a UUID `id`, an absolute http(s)
  /// `image` with a host, and `description` and `location` strings, null or absent; mapped in order.
  static func violation(ofFeedRules data: Data, mapped: [FeedImage]) -> String? {
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let items = root["items"] as? [[String: Any]]
    else { return "accepted a payload without an items array of objects" }
    guard items.count == mapped.count else { return "mapped \(mapped.count) of \(items.count) items" }
    for (item, image) in zip(items, mapped) {
      guard let id = item["id"] as? String, UUID(uuidString: id) == image.id else { return "accepted a bad id" }
      guard let string = item["image"] as? String, let components = URLComponents(string: string),
        ["http", "https"].contains(components.scheme?.lowercased() ?? ""), components.host?.isEmpty == false
      else { return "accepted an image that is not an absolute http(s) URL with a host" }
      for key in ["description", "location"] where !(item[key] == nil || item[key] is NSNull || item[key] is String) {
        return "accepted a \(key) that is neither a string nor null"
      }
    }
    return nil
  }
}

/// A small feed with every optional field set and unset, for the binary decoders' seeds.
enum FuzzFixtures {
  static func feed() -> [LocalFeedImage] {
    [
      LocalFeedImage(id: UUID(), description: "a", location: nil, url: anyURL()),
      LocalFeedImage(id: UUID(), description: nil, location: "Ünï", url: anyURL()),
    ]
  }
}

/// The pictures the JPEG and PNG fuzzers mutate: a smooth gradient and a noisy one, small enough for 20,000 runs.
enum FuzzPictures {
  static let seeds: [Picture] = [
    picture(width: 24, height: 16, noise: false), picture(width: 17, height: 9, noise: true),
  ]
  .compactMap { $0 }

  /// A rule a decoded picture broke: its size past the limits or its samples not three per pixel.
  static func violation(_ picture: Picture) -> String? {
    guard picture.width <= Picture.maximumSide, picture.height <= Picture.maximumSide,
      picture.width * picture.height <= Picture.maximumPixels,
      picture.pixels.count == picture.width * picture.height * 3
    else { return "decoded a \(picture.width) × \(picture.height) picture of \(picture.pixels.count) samples" }
    return nil
  }

  /// A rule a JPEG decoded for a 10 × 6 thumbnail broke: its whole decode must succeed too, the same every time,
  /// and the scaled one must be no larger than it and cover the thumbnail (or be the whole picture).
  static func violation(scaled: Picture, of data: Data) -> String? {
    guard let whole = try? Picture(decoding: data), (try? Picture(decoding: data)) == whole else {
      return "decoded scaled, but not whole, or not the same twice"
    }
    let covers = scaled.width >= min(10, whole.width) && scaled.height >= min(6, whole.height)
    guard covers, scaled.width <= whole.width, scaled.height <= whole.height else {
      return "decoded \(scaled.width) × \(scaled.height) for a 10 × 6 thumbnail of \(whole.width) × \(whole.height)"
    }
    return nil
  }

  /// A rule a PNG broke: decoding it again must give the same picture.
  static func violation(again picture: Picture, of data: Data) -> String? {
    (try? Picture(decoding: data)) == picture ? nil : "decoded differently the second time"
  }

  private static func picture(width: Int, height: Int, noise: Bool) -> Picture? {
    var state: UInt32 = 2_463_534_242
    let pixels = (0..<(width * height * 3)).map { index -> UInt8 in
      state ^= state << 13
      state ^= state >> 17
      state ^= state << 5
      return noise ? UInt8(truncatingIfNeeded: state) : UInt8((index * 7) % 256)
    }
    return Picture(width: width, height: height, pixels: pixels)
  }
}
