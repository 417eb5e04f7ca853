import EssentialFeedCache

/// What a run says of an image cache that healed itself during it (a damaged page met by a load).
enum ImageCacheHealing {
  /// One sentence, in `language`: what was damaged, what the rebuilt cache kept, where the damaged file is; or that
  /// nothing in it could be read and it was deleted.
  static func sentence(for repair: StoreRepair, in language: AppLanguage) -> String {
    let damage = repair.damage.trimmingCharacters(in: .init(charactersIn: ". "))
    guard let setAside = repair.setAside else {
      return language.text("IMAGE_CACHE_HEALED_DELETED", repair.file, damage)
    }
    return language.text(
      "IMAGE_CACHE_HEALED", repair.file, damage, language.number(repair.kept[.images] ?? 0), setAside)
  }
}
