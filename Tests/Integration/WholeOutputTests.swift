import FeedTerminal
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The one writer of the app's output, its lines and the browse's frames: every byte is written, a full non-blocking
/// output is waited for, and only a real failure is one.
@Suite("Writing the whole output")
struct WholeOutputTests {
  @Test("APP-29 a non-blocking pipe of one page takes 64 KiB whole, read as it fills: full is not failed")
  func nonBlockingPipe() async throws {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    let (reading, writing) = (ends[0], ends[1])
    #if os(Linux)
      _ = fcntl(writing, 1031, 4_096)  // F_SETPIPE_SZ: one page
    #endif
    _ = fcntl(writing, F_SETFL, fcntl(writing, F_GETFL) | O_NONBLOCK)
    let text = String(repeating: "0123456789abcdef", count: 4_096)

    async let received = offPool { Self.readToEnd(reading) }
    let failure = await offPool {
      defer { close(writing) }
      return OutputWriter.writeAll(text, to: writing)
    }

    #expect(failure == 0, "\(String(cString: strerror(failure)))")
    #expect(await received == Array(text.utf8))
  }

  @Test("APP-29 a write that fails (a full disk) gives the system's reason")
  func fullDisk() throws {
    let fd = open("/dev/full", O_WRONLY)
    try #require(fd >= 0, "needs /dev/full")
    defer { close(fd) }

    #expect(OutputWriter.writeAll("lost", to: fd) == ENOSPC)
  }

  /// Reads `fd` to its end, then closes it: blocking, so call it off the cooperative pool.
  private static func readToEnd(_ fd: Int32) -> [UInt8] {
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1_024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += buffer[0..<count]
      } else if count < 0, errno == EINTR {
        continue
      } else {
        return bytes
      }
    }
  }
}
