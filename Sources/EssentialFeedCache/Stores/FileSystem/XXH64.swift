/// XXH64 (Yann Collet's xxHash, 64-bit), the checksum of an image file since version 3: four independent lanes over
/// 32-byte stripes, about a fifth of ``Hash64``'s instructions on a 32 KB image (whose one lane waits on each word's
/// two multiplications). Not cryptographic: it finds torn writes and flipped bits. Checked against the reference
/// implementation's outputs.
enum XXH64 {
  private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
  private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
  private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
  private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

  static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
    let count = bytes.count
    var offset = 0
    var hash: UInt64
    if count >= 32, let base = bytes.baseAddress {
      var lanes = (seed &+ prime1 &+ prime2, seed &+ prime2, seed, seed &- prime1)
      let stripes = count / 32
      for stripe in 0..<stripes {
        let at = base + stripe &* 32
        lanes.0 = round(lanes.0, word(at, 0))
        lanes.1 = round(lanes.1, word(at, 8))
        lanes.2 = round(lanes.2, word(at, 16))
        lanes.3 = round(lanes.3, word(at, 24))
      }
      offset = stripes &* 32
      hash = rotate(lanes.0, 1) &+ rotate(lanes.1, 7) &+ rotate(lanes.2, 12) &+ rotate(lanes.3, 18)
      hash = merge(merge(merge(merge(hash, lanes.0), lanes.1), lanes.2), lanes.3)
    } else {
      hash = seed &+ prime5
    }
    hash &+= UInt64(count)
    while offset + 8 <= count {
      hash ^= round(0, word(bytes, offset))
      hash = rotate(hash, 27) &* prime1 &+ prime4
      offset += 8
    }
    if offset + 4 <= count {
      hash ^= UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) &* prime1
      hash = rotate(hash, 23) &* prime2 &+ prime3
      offset += 4
    }
    while offset < count {
      hash ^= UInt64(bytes[offset]) &* prime5
      hash = rotate(hash, 11) &* prime1
      offset += 1
    }
    hash ^= hash >> 33
    hash &*= prime2
    hash ^= hash >> 29
    hash &*= prime3
    return hash ^ (hash >> 32)
  }

  @inline(__always) private static func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  @inline(__always) private static func word(_ pointer: UnsafeRawPointer, _ offset: Int) -> UInt64 {
    UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  @inline(__always) private static func round(_ lane: UInt64, _ input: UInt64) -> UInt64 {
    rotate(lane &+ input &* prime2, 31) &* prime1
  }

  @inline(__always) private static func merge(_ hash: UInt64, _ lane: UInt64) -> UInt64 {
    (hash ^ round(0, lane)) &* prime1 &+ prime4
  }

  @inline(__always) private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
  }
}
