import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP server on 127.0.0.1 that answers each connection by writing raw bytes, for the answers a well-behaved HTTP
/// server never gives: a body sent one byte at a time, or one far larger than announced. It stops on ``stop()``;
/// every responder is bounded in bytes and time, so nothing it sends outlives a test by much.
final class RawHTTPServer: Sendable {
  let baseURL: URL
  private let listener: Int32
  private let written = ByteCounter()

  /// The bytes written to clients so far, headers included.
  var bytesWritten: Int { written.count.withLock { $0 } }

  /// Starts listening and answers each connection with `respond`, which writes through the `send` it is given and
  /// stops when `send` returns `false` (the client went away).
  convenience init(respond: @escaping @Sendable (_ send: (Data) -> Bool) -> Void) throws {
    try self.init { _, send in respond(send) }
  }

  /// Starts listening and answers each connection with `respond`, given the request's path (its target, query
  /// included) and the `send` it writes through.
  init(routing respond: @escaping @Sendable (_ path: String, _ send: (Data) -> Bool) -> Void) throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard listener >= 0, bound == 0, listen(listener, 16) == 0 else { throw CocoaError(.fileWriteUnknown) }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    guard let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))") else {
      throw CocoaError(.fileWriteUnknown)
    }
    baseURL = url
    self.listener = listener
    let written = written
    Thread.detachNewThread {
      while true {
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }
        Thread.detachNewThread {
          var request = [UInt8](repeating: 0, count: 4096)
          let received = max(0, recv(client, &request, request.count, 0))
          let line = String(decoding: request.prefix(received).prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
          let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
          respond(path) { data in
            let sent = data.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent == data.count else { return false }
            written.count.withLock { $0 += sent }
            return true
          }
          close(client)
        }
      }
    }
  }

  /// A server that announces a body of `bytes` bytes and sends one byte every 100 ms until the client goes away (a
  /// minute at most):
  /// an idle timeout never trips, and only a resource timeout ends the load. Its pace is real time because what it
  /// models is a slow network against the HTTP client's real timers; the verdict is the timeout, however slowly the
  /// machine runs (a slower machine only makes the body take longer).
  static func trickling(bytes: Int) throws -> RawHTTPServer {
    try RawHTTPServer { send in
      guard send(Data("HTTP/1.1 200 OK\r\nContent-Length: \(bytes)\r\n\r\n".utf8)) else { return }
      for _ in 0..<min(bytes, 600) {  // a minute at most, whatever the client does
        Thread.sleep(forTimeInterval: 0.1)
        guard send(Data(" ".utf8)) else { return }
      }
    }
  }

  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }
}

private final class ByteCounter: Sendable {
  let count = Mutex(0)
}
