import CallgrindControl
import FeedImages
import FeedTerminal
import Foundation
import RawTurboJPEG

// The JPEG thumbnail pair, in the protocol of InstructionCounts (`scripts/bench --instructions` runs both):
//   PictureCounts list                        the pair's name, goal, limit and sizes
//   PictureCounts <pair> <ours|raw> N         the setup, then one side N times, counted and dumped under its name
//                                             by callgrind, the setup not
//   PictureCounts wallclock [RUNS]            p50 of each side over RUNS runs (default 41), and their ratio
// Setup makes a 2048 × 2048 photo-like JPEG (quality 85); each side makes a 10 × 3-cell thumbnail of it (10 × 6
// pixels), as `feed browse` does for a row.

let pairName = "JPEG thumbnail of 2048 px"
let (goal, limit, sizes) = (1.2, 1.2, [1, 3, 9])
let target = (width: 10, height: 6)

/// A 2048 × 2048 photo-like picture: a sky shading to a horizon, darker hills, fine grain.
func photo() -> Data {
  let side = 2_048
  var pixels = [UInt8](repeating: 0, count: side * side * 3)
  var grain: UInt64 = 0x9E37_79B9_7F4A_7C15
  for y in 0..<side {
    for x in 0..<side {
      grain = grain &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let noise = Int(grain >> 60) - 8
      let hill = y > side / 2 + Int(120 * sin(Double(x) / 180))
      let base = hill ? (40 + y / 40, 90 - y / 60, 40) : (60 + y / 16, 110 + y / 14, 200 - y / 40)
      let at = (y * side + x) * 3
      pixels[at] = UInt8(clamping: base.0 + noise)
      pixels[at + 1] = UInt8(clamping: base.1 + noise)
      pixels[at + 2] = UInt8(clamping: base.2 + noise)
    }
  }
  guard let picture = Picture(width: side, height: side, pixels: pixels), let data = try? JPEG.encode(picture)
  else { fatalError("PictureCounts: the photo could not be made") }
  return data
}

/// Ours: the app's decode (scaled by libjpeg while decoding) and thumbnail.
func ours(_ data: Data) -> Thumbnail? {
  guard let picture = try? Picture(decoding: data, fitting: target) else { return nil }
  return Thumbnail(picture, columns: target.width, rows: target.height / 2, depth: .trueColour)
}

/// The raw twin: TurboJPEG called directly, at the smallest scale that covers the thumbnail, then each thumbnail
/// pixel the average of the pixels it covers.
func raw(_ data: Data) -> [UInt8]? {
  guard let handle = tjInitDecompress() else { return nil }
  defer { tjDestroy(handle) }
  return data.withUnsafeBytes { raw in
    guard let bytes = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
    return thumbnail(decoding: bytes, length: raw.count, with: handle)
  }
}

/// The twin's work on the file's bytes where they are, as a caller of TurboJPEG would do it.
func thumbnail(decoding bytes: UnsafePointer<UInt8>, length: Int, with handle: tjhandle) -> [UInt8]? {
  var (width, height, subsampling, colourspace): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
  guard tjDecompressHeader3(handle, bytes, UInt(length), &width, &height, &subsampling, &colourspace) == 0
  else { return nil }
  var count: Int32 = 0
  guard let factors = tjGetScalingFactors(&count) else { return nil }
  var (scaledWidth, scaledHeight) = (width, height)
  for index in 0..<Int(count) {
    let factor = factors[index]
    let w = (width * factor.num + factor.denom - 1) / factor.denom
    let h = (height * factor.num + factor.denom - 1) / factor.denom
    if w >= target.width, h >= target.height, w < scaledWidth { (scaledWidth, scaledHeight) = (w, h) }
  }
  var pixels = [UInt8](repeating: 0, count: Int(scaledWidth * scaledHeight) * 3)
  guard
    tjDecompress2(handle, bytes, UInt(length), &pixels, scaledWidth, 0, scaledHeight, Int32(TJPF_RGB.rawValue), 0)
      == 0
  else { return nil }
  var thumbnail = [UInt8](repeating: 0, count: target.width * target.height * 3)
  let (sw, sh) = (Int(scaledWidth), Int(scaledHeight))
  for y in 0..<target.height {
    let ys = (y * sh / target.height)..<max(y * sh / target.height + 1, (y + 1) * sh / target.height)
    for x in 0..<target.width {
      let xs = (x * sw / target.width)..<max(x * sw / target.width + 1, (x + 1) * sw / target.width)
      var sums = (0, 0, 0)
      for row in ys {
        for column in xs {
          let at = (row * sw + column) * 3
          sums = (sums.0 + Int(pixels[at]), sums.1 + Int(pixels[at + 1]), sums.2 + Int(pixels[at + 2]))
        }
      }
      let (n, at) = (xs.count * ys.count, (y * target.width + x) * 3)
      (thumbnail[at], thumbnail[at + 1], thumbnail[at + 2]) = (UInt8(sums.0 / n), UInt8(sums.1 / n), UInt8(sums.2 / n))
    }
  }
  return thumbnail
}

@inline(never) func keep<T>(_ value: T) { withExtendedLifetime(value) {} }

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "list":
  print("\(pairName)\t\(goal)\t\(limit)\t\(sizes.map(String.init).joined(separator: ","))")
case "wallclock":
  let runs = arguments.count > 1 ? Int(arguments[1]) ?? 41 : 41
  let data = photo()
  func p50(_ body: () -> Void) -> Double {
    body()
    let times = (0..<runs).map { _ -> Double in
      let start = ContinuousClock.now
      body()
      let elapsed = ContinuousClock.now - start
      return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
    }
    return times.sorted()[runs / 2]
  }
  let (ourTime, rawTime) = (p50 { keep(ours(data)) }, p50 { keep(raw(data)) })
  guard ours(data) != nil, raw(data) != nil else { fatalError("PictureCounts: a side failed to decode") }
  print(String(format: "%@: ours %.3f ms, baseline %.3f ms, ratio %.2f", pairName, ourTime, rawTime, ourTime / rawTime))
case pairName where arguments.count == 3 && ["ours", "raw"].contains(arguments[1]):
  let data = photo()
  guard ours(data) != nil, raw(data) != nil, let size = Int(arguments[2]), size > 0 else { exit(2) }
  let side = arguments[1]
  callgrind_count_start()
  if side == "ours" {
    for _ in 0..<size { keep(ours(data)) }
  } else {
    for _ in 0..<size { keep(raw(data)) }
  }
  callgrind_count_dump(side)
  callgrind_count_stop()
default:
  FileHandle.standardError.write(Data("usage: PictureCounts list | wallclock [RUNS] | <pair> <ours|raw> <size>\n".utf8))
  exit(2)
}
