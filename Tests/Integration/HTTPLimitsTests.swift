import EssentialFeedAPI
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A server that answers too slowly or too much: the client fails in bounded time and memory, never hangs.
@Suite("HTTP client limits over loopback")
struct HTTPLimitsTests {
  @Test("HTTP-7 a resource timeout fails a server that sends one byte at a time, which the idle timeout never trips")
  func resourceTimeout() async throws {
    let server = try RawHTTPServer.trickling(bytes: 100_000)
    defer { server.stop() }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 5
    configuration.timeoutIntervalForResource = 1
    let sut = URLSessionHTTPClient(configuration: configuration)

    let error = await #expect(throws: URLError.self) { try await sut.get(from: server.baseURL) }
    #expect(error?.code == .timedOut)
  }

  @Test(
    "HTTP-8 a body larger than the limit fails with bodyTooLarge as soon as it passes it, announced or not",
    arguments: [true, false])
  func bodyLimit(announced: Bool) async throws {
    let chunk = Data(repeating: 0x41, count: 64 << 10)
    let server = try RawHTTPServer { send in
      let length = announced ? "Content-Length: \(256 << 20)\r\n" : ""
      guard send(Data("HTTP/1.1 200 OK\r\n\(length)Connection: close\r\n\r\n".utf8)) else { return }
      for _ in 0..<(1 << 12) {  // Up to 256 MiB at about 6 MiB/s (40 s at most), until the client goes away.
        guard send(chunk) else { return }
        usleep(10_000)
      }
    }
    defer { server.stop() }
    let sut = URLSessionHTTPClient(configuration: .ephemeral, maximumBodySize: 1 << 20)

    await #expect(throws: URLSessionHTTPClient.Error.bodyTooLarge(limit: 1 << 20)) {
      try await sut.get(from: server.baseURL)
    }
    // When the error arrives the server has written the limit, what the socket buffers hold, and what came while
    // the session's delegate queue caught up (seconds, on a loaded machine): far from the whole body.
    let written = server.bytesWritten
    #expect(written < 128 << 20, "the server had written \(written) of \(256 << 20) bytes when the client failed")
  }
}
