extension StrictJSON {
  /// How many of the eight bytes of `word` (little-endian: its first byte is its lowest) come before the first that
  /// needs a look of its own inside a string: a quote, a backslash, a control character or a byte past ASCII; 8 when
  /// none does. The scan of a string goes eight bytes at a time to the next such byte: a URL or a description is
  /// mostly plain bytes.
  @inline(__always) static func plainBytes(_ word: UInt64) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    // The classic zero-byte test, `(x - 0x01…) & ~x & 0x80…`, for the bytes equal to the quote or the backslash and
    // those below 0x20; a byte past ASCII is its own high bit. A borrow only starts at a byte the test is looking for,
    // so the lowest byte flagged is exact (those above it may be flagged wrongly, and are not used).
    let quoteBytes = (quote &- ones) & ~quote
    let backslashBytes = (backslash &- ones) & ~backslash
    let controlBytes = (word &- ones &* 0x20) & ~word
    return ((quoteBytes | backslashBytes | controlBytes | word) & highBits).trailingZeroBitCount / 8
  }
}
