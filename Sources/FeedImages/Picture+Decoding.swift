import Foundation

extension Picture {
  /// The formats a feed's image may come in, told by the data's first bytes, never by its name or content type.
  public enum Format: String, CaseIterable, Sendable {
    /// JPEG (libjpeg-turbo).
    case jpeg
    /// PNG (libpng).
    case png
    /// A Netpbm greymap, `P5` or `P2` (``Greymap``).
    case pgm

    /// The format `bytes` start as; `nil` for any other.
    public init?(sniffing bytes: some Collection<UInt8>) {
      if JPEG.isJPEG(bytes) {
        self = .jpeg
      } else if PNG.isPNG(bytes) {
        self = .png
      } else if bytes.starts(with: Array("P5".utf8)) || bytes.starts(with: Array("P2".utf8)) {
        self = .pgm
      } else {
        return nil
      }
    }
  }

  /// Decodes JPEG, PNG or PGM `data`; with `fitting`, as few pixels as the format allows that still cover that
  /// size (JPEG scales while decoding, PNG is reduced while its rows are read: neither holds the whole picture).
  ///
  /// - Throws: ``PictureError``: an unknown format, a file its decoder refuses, or one over the limits.
  public init(decoding data: Data, fitting target: (width: Int, height: Int)? = nil) throws {
    switch Format(sniffing: data) {
    case .jpeg: self = try JPEG.decode(data, fitting: target)
    case .png: self = try PNG.decode(data, fitting: target)
    case .pgm:
      guard let greymap = Greymap(decoding: data) else { throw PictureError("the greymap (PGM) is malformed") }
      self.init(greymap)
    case nil: throw PictureError("the data is not a JPEG, PNG or PGM picture")
    }
  }
}
