import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns off Nagle's algorithm on the socket listening on `port`, so the sockets it accepts inherit it.
///
/// FlyingFox writes a response's head and body in two writes. With Nagle's algorithm on, the body waits for the
/// client's acknowledgement of the head, which a client delays by up to 40 ms: every request after the first on a
/// kept-alive connection took 40 ms instead of a fraction of one. FlyingFox offers no hook on its sockets, so the
/// listening socket is found among the process's descriptors (a listening TCP socket bound to `port`).
enum ListeningSocket {
  static func disableNagle(onPort port: UInt16) {
    for descriptor in Int32(0)..<Int32(4_096) where isListening(descriptor, on: port) {
      var on: Int32 = 1
      _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }
  }

  private static func isListening(_ descriptor: Int32, on port: UInt16) -> Bool {
    var listening: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0, listening == 1 else {
      return false
    }
    var address = sockaddr_in()
    var size = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &size) }
    }
    return named == 0 && Int32(address.sin_family) == AF_INET && UInt16(bigEndian: address.sin_port) == port
  }
}
