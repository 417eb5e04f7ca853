import Foundation

/// Image data in a shared ``FileSystemStoreDirectory``: each image's data in a file of its own in `images`, indexed
/// by `images.index`. The directory's other files are other stores' and are never touched.
///
/// An image file's name is the SHA-256 digest of the image's whole URL in hex digits, so no URL can name a path
/// outside the directory; the file also stores its URL, so two URLs never share data. Looking an image up opens one
/// file by name and never scans the directory, or even the index.
///
/// With ``ImageCacheLimits``, every insert keeps the images within them (least recently used first), as
/// `LimitedFeedImageDataStoreSpec` checks. The index is an append-only journal, loaded on the first insert or size
/// query, compacted when it has grown; a lost or damaged index is rebuilt from the image files, the one time the
/// directory is listed. After a power cut the index may miss the last images written (its appends are not flushed,
/// the image files are): they are not counted until the next rebuild. Instances and processes sharing the directory
/// change the index one at a time (`images.lock`), each reading it again when another changed it.
///
/// A read records its use in memory; the next write, ``flush()`` or a thousand reads save the uses. Releasing the
/// store closes its descriptors and does no other I/O: reads no write or ``flush()`` saved are lost, only the order
/// of use they recorded and removals the next load of the index finds anyway; never an image.
///
/// An actor on the directory's executor whose operations never suspend: each is atomic, histories are linearizable.
public actor FileSystemImageDataStore: LimitedFeedImageDataStore {
  /// The directory the image files and their index live in.
  public nonisolated let directory: FileSystemStoreDirectory
  /// The limits image data is kept within, if any, and the clock their maximum age reads.
  let imageLimits: ImageCacheLimits?
  let currentDate: @Sendable () -> Date
  /// The images' index, its journal and its lock.
  let indexFile: ImageIndexFile
  /// The images' folder.
  let imagesPath: String
  /// Whether the images directory is known to exist, so inserts skip creating it again.
  var imagesDirectoryExists = false

  /// The directory's executor: this store's operations and other stores' on the directory never interleave.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { directory.unownedExecutor }

  /// Creates the image store in `directory`. Nothing is read or written until an operation.
  ///
  /// - Parameters:
  ///   - directory: The directory, shared with the other stores on it.
  ///   - imageLimits: The limits image data is kept within; `nil` (the default) keeps every image.
  ///   - currentDate: The clock the limits' maximum age reads.
  public init(
    directory: FileSystemStoreDirectory, imageLimits: ImageCacheLimits? = nil,
    currentDate: @escaping @Sendable () -> Date = Date.init
  ) {
    self.directory = directory
    self.imageLimits = imageLimits
    self.currentDate = currentDate
    let indexFile = ImageIndexFile(directory: directory)
    imagesPath = indexFile.location.images
    self.indexFile = indexFile
  }
}
