import EssentialFeed
import EssentialFeedCache
import Foundation

/// The images: an index (`images`, least recently used first: number, key, when stored) and a file per image
/// (`image-<number>`: its length and an FNV-1a hash of its bytes on the first line, then its bytes).
extension FlawedStore {
  private struct Entry {
    var number: Int
    var key: String
    var stored: Date
  }

  /// The key an image is stored under: its whole URL, but for the flaws that keep less of it.
  private func key(_ url: URL) -> String {
    var key = url.absoluteString
    switch flaw {
    case .imageKeyWithoutQuery: key = String(key.prefix { $0 != "?" })
    case .imageKeyLowercased: key = key.lowercased()
    case .imageKeyWithoutTrailingSlash: if key.hasSuffix("/") { key.removeLast() }
    case .imageKeyRelative: key = url.relativeString
    case .imageKeyCutAt255Bytes: key = String(decoding: key.utf8.prefix(255), as: UTF8.self)
    default: break
    }
    return key
  }

  private func entries() throws -> [Entry] {
    if flaw == .failedImageWriteLosesOld, let cachedIndex {
      return try cachedIndex.map {
        try entry(from: $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
      }
    }
    return try parsed(read("images"), entry(from:))
  }

  private func entry(from fields: [String]) throws -> Entry {
    guard fields.count == 3, let number = Int(String(fields[0])), let key = try format.text(from: fields[1]) else {
      throw FlawedTextFormat.Damaged(description: "an index line that does not parse")
    }
    let stored = flaw == .storedDatesLostOnReopen ? storedInMemory[key] ?? opened : try format.date(from: fields[2])
    return Entry(number: number, key: key, stored: stored)
  }

  private func write(_ entries: [Entry]) throws {
    let lines = entries.map {
      [String($0.number), format.text($0.key), format.date($0.stored)].joined(separator: "\t")
    }
    if flaw == .failedImageWriteLosesOld { cachedIndex = lines }  // before the write: kept even when it fails
    try write("images", lines)
  }

  private func hasExpired(_ entry: Entry) -> Bool {
    guard var limits else { return false }
    var stored = entry.stored
    if flaw == .expiryToWholeSeconds {
      stored = Date(timeIntervalSinceReferenceDate: stored.timeIntervalSinceReferenceDate.rounded(.down))
    }
    if flaw == .maximumAgeInWholeMinutes { limits.maximumAge = (limits.maximumAge / 60).rounded(.down) * 60 }
    return limits.hasExpired(storedAt: stored, at: currentDate())
  }

  private func data(_ entry: Entry) throws -> Data? {
    guard let file = try disk.read("image-\(entry.number)"), let newline = file.firstIndex(of: 10) else {
      throw FlawedTextFormat.Damaged(description: "an image file without its header")
    }
    let header = String(decoding: file[..<newline], as: UTF8.self).split(separator: " ")
    let bytes = file[(newline + 1)...]
    guard header.count == 2, Int(header[0]) == bytes.count, UInt64(header[1], radix: 16) == Self.hash(bytes) else {
      if flaw == .damagedImageIsMiss { return nil }
      throw FlawedTextFormat.Damaged(description: "a damaged image file")
    }
    return Data(bytes)
  }

  func insert(_ data: Data, for url: URL) async throws {
    if let limits, data.count > limits.maximumBytes {
      throw ImageTooLargeError(size: data.count, limit: limits.maximumBytes)
    }
    let data = flaw == .imageDataCutAt65536Bytes ? data.prefix(65_536) : data
    try disk.locked {
      var entries = try entries()
      let key = key(url)
      let old = entries.firstIndex { $0.key == key }
      let number = (entries.map(\.number).max() ?? 0) + 1
      if flaw == .failedImageWriteLosesOld, let old {  // the old entry goes first, from the index it keeps in memory
        var rest = entries
        rest.remove(at: old)
        try? write(rest)
      }
      try disk.write(Data("\(data.count) \(String(Self.hash(data), radix: 16))\n".utf8) + data, "image-\(number)")
      var stored = currentDate()
      if let old {
        if flaw == .replaceKeepsStoredDate { stored = entries[old].stored }
        try? disk.remove("image-\(entries[old].number)")
        entries.remove(at: old)
      }
      storedInMemory[key] = stored
      entries.append(Entry(number: number, key: key, stored: stored))
      while let limits, try total(entries) > limits.maximumBytes {
        try? disk.remove("image-\(entries.removeFirst().number)")
      }
      try write(entries)
    }
  }

  private func total(_ entries: [Entry]) throws -> Int {
    try entries.reduce(0) { $0 + (try data($1)?.count ?? 0) }
  }

  func retrieve(dataForURL url: URL) async throws -> Data? {
    try disk.locked {
      var entries = try entries()
      guard let index = entries.firstIndex(where: { $0.key == key(url) }) else { return nil }
      if hasExpired(entries[index]) {
        try? disk.remove("image-\(entries[index].number)")
        entries.remove(at: index)
        try write(entries)
        return nil
      }
      let data = try data(entries[index])
      entries.append(entries.remove(at: index))
      try? write(entries)  // the use; a read-only location keeps the order it had
      return data
    }
  }

  func storedImageDataSize() async throws -> Int {
    try total(entries())
  }

  func deleteAllImageData() async throws {
    if flaw == .deleteAllFailsWhenNeverWritten, try disk.read("images") == nil {
      throw FlawedTextFormat.Damaged(description: "no image index to delete")
    }
    try disk.locked {
      for entry in try entries() { try disk.remove("image-\(entry.number)") }
      try remove("images")
    }
  }

  /// FNV-1a, 64 bits.
  static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
    bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
  }
}
