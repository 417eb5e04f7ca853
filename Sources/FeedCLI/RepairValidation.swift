import EssentialFeedCache
import Foundation

/// What `feed validate-cache` repaired in a file of the cache (a damaged page of the SQLite kind's databases): rebuilt
/// from what was still readable, the damaged file set aside, or deleted when nothing in it could be read.
struct RepairValidation: Codable, Equatable {
  var file: String
  var damage: String
  /// What the rebuilt file kept of each part it holds (`feed`, `search`, `pages`, `pendingLikes`, …).
  var kept: [String: Int]
  /// Where the damaged file was set aside; `nil` when it was deleted.
  var setAside: String?

  init(_ repair: StoreRepair) {
    (file, damage, setAside) = (repair.file, repair.damage, repair.setAside)
    kept = Dictionary(uniqueKeysWithValues: repair.kept.map { ($0.key.rawValue, $0.value) })
  }

  /// What the repair did, in `language`.
  func text(in language: AppLanguage) -> String {
    guard let setAside else { return language.text("VALIDATE_REPAIR_DELETED", file, Self.trimmed(damage)) }
    return language.text("VALIDATE_REPAIRED", file, Self.trimmed(damage), Self.parts(kept, in: language), setAside)
  }

  /// The parts kept, as words: "64 feed images, 30 pending likes"; "nothing" when the file held none of them.
  static func parts(_ kept: [String: Int], in language: AppLanguage) -> String {
    let words = StoreRepair.Part.allCases.compactMap { part in
      kept[part.rawValue].map { language.text("REPAIR_KEPT_\(part.rawValue)", language.number($0)) }
    }
    return words.isEmpty ? language.text("REPAIR_KEPT_NOTHING") : words.joined(separator: ", ")
  }

  private static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
  }
}
