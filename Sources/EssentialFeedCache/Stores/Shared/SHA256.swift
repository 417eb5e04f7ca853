/// SHA-256 (FIPS 180-4), the digest that names an image's file: a well-known digest of the whole URL, so a file name
/// is 64 hex digits whatever the URL holds, and two URLs never share a name in practice.
///
/// Written out here because the library products depend on nothing outside the toolchain (Foundation has no digest
/// on Linux). Checked against the FIPS test vectors.
struct SHA256: Hashable, Sendable {
  /// The digest's 256 bits as four 64-bit words, first bits first: no allocation, so an index of 100,000 digests
  /// loads fast.
  let word0, word1, word2, word3: UInt64

  /// The digest as 64 lowercase hex digits.
  var hex: String {
    String(unsafeUninitializedCapacity: 64) { buffer in
      let digits: StaticString = "0123456789abcdef"
      for (number, word) in [word0, word1, word2, word3].enumerated() {
        for nibble in 0..<16 {
          buffer[number * 16 + nibble] =
            digits.utf8Start[Int(truncatingIfNeeded: word >> (60 - 4 * UInt64(nibble))) & 15]
        }
      }
      return 64
    }
  }

  /// Makes a digest of its four words, as ``hex`` or an index record holds them.
  init(word0: UInt64, word1: UInt64, word2: UInt64, word3: UInt64) {
    (self.word0, self.word1, self.word2, self.word3) = (word0, word1, word2, word3)
  }

  /// The digest that `hex` (64 hex digits, as a file's name holds it) spells, or `nil`.
  init?(hex: some StringProtocol) {
    guard hex.utf8.count == 64, hex.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
      return nil
    }
    let start = hex.startIndex
    let words = (0..<4).compactMap { part -> UInt64? in
      let from = hex.index(start, offsetBy: part * 16)
      return UInt64(hex[from..<hex.index(from, offsetBy: 16)], radix: 16)
    }
    guard words.count == 4 else { return nil }
    self.init(word0: words[0], word1: words[1], word2: words[2], word3: words[3])
  }

  /// The digest of `string`'s UTF-8 bytes.
  init(_ string: String) {
    var string = string
    self = string.withUTF8 { SHA256(message: UnsafeRawBufferPointer($0)) }
  }

  /// The digest of `message`.
  init(bytes message: [UInt8]) {
    self = message.withUnsafeBytes { SHA256(message: $0) }
  }

  /// The digest of the bytes in `message`, read in place: no copy of the message, no array per block (the name of
  /// every image inserted or looked up is one of these).
  private init(message: UnsafeRawBufferPointer) {
    var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
      0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    let whole = message.count / 64 * 64
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
      for block in stride(from: 0, to: whole, by: 64) {
        Self.compress(&state, UnsafeRawBufferPointer(rebasing: message[block..<(block + 64)]), schedule)
      }
      // The last bytes, 0x80, zeros and the length in bits, big-endian: one block, or two when 9 more do not fit.
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
        tail.initialize(repeating: 0)
        let rest = message.count - whole
        for index in 0..<rest { tail[index] = message[whole + index] }
        tail[rest] = 0x80
        let length = rest + 9 <= 64 ? 64 : 128
        let bits = UInt64(message.count) &* 8
        for index in 0..<8 { tail[length - 1 - index] = UInt8(truncatingIfNeeded: bits >> (8 * UInt64(index))) }
        let padded = UnsafeRawBufferPointer(tail)
        for block in stride(from: 0, to: length, by: 64) {
          Self.compress(&state, UnsafeRawBufferPointer(rebasing: padded[block..<(block + 64)]), schedule)
        }
      }
    }
    (word0, word1, word2, word3) = (
      UInt64(state.0) << 32 | UInt64(state.1), UInt64(state.2) << 32 | UInt64(state.3),
      UInt64(state.4) << 32 | UInt64(state.5), UInt64(state.6) << 32 | UInt64(state.7)
    )
  }

  private static func compress(
    _ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32), _ block: UnsafeRawBufferPointer,
    _ schedule: UnsafeMutableBufferPointer<UInt32>
  ) {
    for index in 0..<16 {
      schedule[index] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
    }
    for index in 16..<64 {
      let w15 = schedule[index - 15]
      let w2 = schedule[index - 2]
      let s0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 >> 3)
      let s1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 >> 10)
      schedule[index] = schedule[index - 16] &+ s0 &+ schedule[index - 7] &+ s1
    }
    var (a, b, c, d, e, f, g, h) = state
    for index in 0..<64 {
      let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
      let choice = (e & f) ^ (~e & g)
      let t1 = h &+ s1 &+ choice &+ roundConstants[index] &+ schedule[index]
      let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
      let majority = (a & b) ^ (a & c) ^ (b & c)
      let t2 = s0 &+ majority
      (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
    }
    state = (
      state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h
    )
  }

  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]
}

extension UInt32 {
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
    (self >> count) | (self << (32 - count))
  }
}
