import EssentialFeedSQLite
import Foundation

/// What `feed validate-cache` did with the image cache (`images.sqlite`), which holds image data alone: deleting an
/// unreadable one loses nothing another store keeps.
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

  /// Reads the image cache in `directory`, and deletes it (with its journal files) when it cannot be read; `nil`
  /// when there is none. One another process holds (busy) is in use, not damaged: it is left as it is.
  static func run(in directory: URL) async -> ImageCacheValidation? {
    let file = directory.appending(path: FeedComposer.imagesFile)
    let path = file.path(percentEncoded: false)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    switch await size(of: file) {
    case .success(let bytes):
      return ImageCacheValidation(action: .kept, path: path, bytes: bytes)
    case .failure(let error as SQLiteError) where error.leavesDatabaseAsItIs:
      return ImageCacheValidation(action: .leftForeign, path: path, reason: FeedAppError.sentence(for: error))
    case .failure(let error as SQLiteError) where error.isBusy:
      return ImageCacheValidation(action: .leftBusy, path: path, reason: FeedAppError.sentence(for: error))
    case .failure(let error):
      // Unlinked: a link goes and its target stays; a directory there is left alone.
      for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
      return ImageCacheValidation(action: .deletedUnreadable, path: path, reason: FeedAppError.sentence(for: error))
    }
  }

  /// The bytes the image cache holds, read by a store (its limits do not matter) whose database is closed before
  /// anything is deleted.
  private static func size(of file: URL) async -> Result<Int, any Error> {
    let database = SQLiteDatabase(storeURL: file)
    let size: Result<Int, any Error>
    do {
      size = .success(try await SQLiteImageDataStore(database: database).storedImageDataSize())
    } catch {
      size = .failure(error)
    }
    await database.close()
    return size
  }
}
