import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one writer of the app's output: a command's text, its errors, and the browse's frames.
///
/// Every byte is written, unbuffered (nothing is left to flush at exit, where a failure is silent). An interrupted
/// write goes on, and so does a full output that is non-blocking (a pipe shared with a program that set the flag): it
/// waits for room, as a blocking one would. Only a real failure (a full disk, a closed pipe) is one.
public enum OutputWriter {
  /// Writes all of `text` to `fd`.
  ///
  /// - Returns: 0 once every byte is written, else the `errno` of the write that failed.
  public static func writeAll(_ text: String, to fd: Int32) -> Int32 {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBytes { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return 0 }
      var offset = 0
      while offset < buffer.count {
        let count = systemWrite(fd, base + offset, buffer.count - offset)
        if count < 0 {
          if errno == EINTR || (errno == EAGAIN && waitForRoom(fd)) { continue }
          return errno
        }
        if count == 0 { return EIO }
        offset += count
      }
      return 0
    }
  }

  /// Waits until a non-blocking `fd` takes more; whether it may be written again.
  private static func waitForRoom(_ fd: Int32) -> Bool {
    var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    while poll(&ready, 1, -1) < 0 {
      guard errno == EINTR else { return false }
    }
    return true
  }

  private static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(fd, buffer, count)
    #elseif canImport(Musl)
      Musl.write(fd, buffer, count)
    #else
      Darwin.write(fd, buffer, count)
    #endif
  }
}
