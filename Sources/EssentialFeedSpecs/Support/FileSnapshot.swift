import Foundation

/// Every regular file below a directory, as bytes, to damage one at a time and put back.
struct FileSnapshot {
  let root: URL
  /// Paths relative to the root, and their bytes.
  private let files: [String: Data]

  /// Reads every regular file below `root` (none larger than 64 MiB; locations made read-only are left out).
  init(of root: URL) throws {
    self.root = root
    var files: [String: Data] = [:]
    for path in Self.regularFiles(below: root) {
      let url = root.appending(path: path)
      let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
      if size <= 64 << 20 { files[path] = try Data(contentsOf: url) }
    }
    self.files = files
  }

  /// The files worth damaging: those of two bytes or more, at most twelve, the largest first.
  var damageable: [String] {
    files.filter { $0.value.count >= 2 }.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.prefix(12)
      .map(\.key)
  }

  func name(of path: String) -> String {
    "the file \(path)"
  }

  /// Writes `path` back damaged.
  func damage(_ path: String, _ damage: DamageSpec.Damage) throws {
    guard let bytes = files[path] else { return }
    try damage.apply(to: bytes).write(to: root.appending(path: path))
  }

  /// Puts every file back as it was, and removes those made since.
  func restore() throws {
    for path in Self.regularFiles(below: root) where files[path] == nil {
      try? FileManager.default.removeItem(at: root.appending(path: path))
    }
    for (path, bytes) in files {
      let url = root.appending(path: path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try bytes.write(to: url)
    }
  }

  private static func regularFiles(below root: URL) -> [String] {
    let base = root.standardizedFileURL.path(percentEncoded: false)
    guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
    var found: [String] = []
    while let path = enumerator.nextObject() as? String {
      if path.hasPrefix("read-only") { continue }
      var isDirectory: ObjCBool = false
      let full = (base as NSString).appendingPathComponent(path)
      let attributes = try? FileManager.default.attributesOfItem(atPath: full)
      guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue,
        attributes?[.type] as? FileAttributeType == .typeRegular
      else { continue }
      found.append(path)
    }
    return found
  }
}
