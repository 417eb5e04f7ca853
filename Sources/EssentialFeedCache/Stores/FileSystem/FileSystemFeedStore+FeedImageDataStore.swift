import Foundation

extension FileSystemFeedStore {
  /// Stores `data` for `url`, atomically and durably replacing what was stored for it.
  ///
  /// A corrupt file, or anything else that is not an image file (a directory, say), in the URL's place is replaced,
  /// so a store with a damaged image file recovers on the next save.
  ///
  /// - Parameters:
  ///   - data: The image's bytes.
  ///   - url: The image's URL; its whole `absoluteString` is the key.
  /// - Throws: ``FileFeedStoreError/insertionFailed(path:reason:)``, what was stored before then unchanged;
  ///   ``FileFeedStoreError/invalidLocation(_:)``.
  public func insert(_ data: Data, for url: URL) throws(FileFeedStoreError) {
    try checkLocation()
    let key = url.absoluteString
    var path = imagesPath
    do {
      if !imagesDirectoryExists {
        try AtomicFile.createDirectory(imagesPath)
        imagesDirectoryExists = true
      }
      switch try lookUp(key) {
      case .found(let slot, _), .free(let slot): path = slot
      case .corrupt(let slot, _):
        path = slot
        try AtomicFile.removeItem(slot)
      }
      try writer.write(ImageFileFormat.encode(data, key: key), to: path)
    } catch {
      imagesDirectoryExists = false  // It may have been removed behind the store's back: create it next time.
      throw .insertionFailed(path: path, reason: error.reason)
    }
  }

  /// Retrieves the data stored for `url`.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The data, or `nil` when nothing is stored for exactly this URL.
  /// - Throws: ``FileFeedStoreError/retrievalFailed(path:reason:)`` when an image file cannot be read;
  ///   ``FileFeedStoreError/corrupt(path:reason:)`` when it fails validation;
  ///   ``FileFeedStoreError/invalidLocation(_:)``.
  public func retrieve(dataForURL url: URL) throws(FileFeedStoreError) -> Data? {
    try checkLocation()
    let slot: Slot
    do {
      slot = try lookUp(url.absoluteString)
    } catch {
      throw .retrievalFailed(path: imagesPath, reason: error.reason)
    }
    switch slot {
    case .found(_, let data): return data
    case .free: return nil
    case .corrupt(let path, let reason): throw .corrupt(path: path, reason: reason)
    }
  }

  private enum Slot {
    case found(String, Data)
    case free(String)
    case corrupt(String, reason: String)
  }

  /// Walks `key`'s collision chain: the file holding its data, something unreadable in the way, or the first free
  /// name. Only a missing directory, or a failure of the directory itself, is a thrown error.
  private func lookUp(_ key: String) throws(AtomicFile.SystemError) -> Slot {
    for slot in 0... {
      let path = (imagesPath as NSString).appendingPathComponent(ImageFileFormat.fileName(for: key, slot: slot))
      let file: Data?
      do {
        file = try AtomicFile.read(path, limit: maximumFileSize)
      } catch {
        guard error.code == nil else { throw error }  // The directory failed, not this slot's file.
        return .corrupt(path, reason: error.reason)
      }
      guard let file else { return .free(path) }
      do {
        let stored = try ImageFileFormat.decode(file)
        if stored.key == key { return .found(path, stored.data) }
      } catch {
        return .corrupt(path, reason: error.reason)
      }
    }
    preconditionFailure("an unbounded range always yields another slot")
  }
}
