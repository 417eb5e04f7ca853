import EssentialFeedCache
import EssentialFeedSQLite
import Foundation

/// What `feed validate-cache` did with the image cache (`images.index` and `images/`, or `images.sqlite`), which holds
/// image data alone: deleting an unreadable one loses nothing another store keeps.
struct ImageCacheValidation: Codable, Equatable {
  enum Action: String, Codable {
    case kept
    case deletedUnreadable = "deleted-unreadable"
    /// Another program's database (or a newer version's): never changed, never deleted.
    case leftForeign = "left-foreign"
    /// Another process held it past the busy timeout: in use, not damaged, so left as it is.
    case leftBusy = "left-busy"
  }

  var action: Action
  var path: String
  var bytes: Int?
  var reason: String?

  /// What validation did, in `language`.
  func text(in language: AppLanguage) -> String {
    switch action {
    case .kept: language.text("VALIDATE_IMAGES_KEPT", language.number(bytes ?? 0), path)
    case .deletedUnreadable:
      language.text(
        "VALIDATE_IMAGES_DELETED", path,
        (reason ?? language.text("UNKNOWN_REASON")).trimmingCharacters(in: CharacterSet(charactersIn: ".")))
    case .leftForeign, .leftBusy:
      language.text(
        action == .leftBusy ? "VALIDATE_IMAGES_BUSY" : "VALIDATE_IMAGES_FOREIGN", path,
        (reason ?? language.text("UNKNOWN_REASON")).trimmingCharacters(in: CharacterSet(charactersIn: ".")))
    }
  }

  /// Reads the image cache of `storage`, of `kind`, in `directory`, and deletes its images when it cannot be read; `nil`
  /// when there is none. Another program's database (or a newer version's) is left as it is, and so is one another
  /// process holds (busy): in use, not damaged.
  static func run(_ storage: FeedStorage, kind: FeedStorage.Kind, in directory: URL) async -> ImageCacheValidation? {
    let path = directory.appending(path: kind.imageCacheFile).path(percentEncoded: false)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    do {
      return ImageCacheValidation(action: .kept, path: path, bytes: try await storage.images.storedImageDataSize())
    } catch let error as SQLiteError where error.leavesDatabaseAsItIs {
      return ImageCacheValidation(action: .leftForeign, path: path, reason: FeedAppError.sentence(for: error))
    } catch let error as SQLiteError where error.isBusy {
      return ImageCacheValidation(action: .leftBusy, path: path, reason: FeedAppError.sentence(for: error))
    } catch {
      // The SQLite kind's image cache heals itself (a damaged page is rebuilt, a file nothing can read is deleted, by
      // the library): what is left is a store whose data cannot be read, which deleting its images recovers.
      try? await storage.images.deleteAllImageData()
      return ImageCacheValidation(action: .deletedUnreadable, path: path, reason: FeedAppError.sentence(for: error))
    }
  }
}
