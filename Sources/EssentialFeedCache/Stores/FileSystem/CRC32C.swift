import CCRC32C

/// CRC-32C (Castagnoli), the checksum of an image file since version 3: the checksum storage uses (iSCSI, ext4,
/// LevelDB), with the processor's CRC32 instruction where it has one (see `essentialfeed_crc32c`), eight bytes an
/// instruction: about 6,300 instructions on a 32 KB image, where ``Hash64``'s one lane of two multiplications a word
/// took 65,000. Not cryptographic: it finds torn writes and flipped bits. Checked against the published test vectors.
enum CRC32C {
  /// The checksum of `bytes`, continuing from `crc` (0 to start; an earlier result to go on over more bytes).
  static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
    guard let base = bytes.baseAddress else { return crc }
    return essentialfeed_crc32c(crc, base, bytes.count)
  }
}
