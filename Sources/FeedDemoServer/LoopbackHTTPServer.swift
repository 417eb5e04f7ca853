import FlyingFox
import Foundation

/// A FlyingFox HTTP server on 127.0.0.1 with a port the system picks, running until ``stop()``.
public final class LoopbackHTTPServer: Sendable {
  /// The server's root, `http://127.0.0.1:<port>`.
  public let baseURL: URL
  private let task: Task<Void, any Error>

  private init(baseURL: URL, task: Task<Void, any Error>) {
    self.baseURL = baseURL
    self.task = task
  }

  /// Starts a server with the routes `configure` adds, and returns once it listens.
  ///
  /// - Parameters:
  ///   - port: The port to listen on; 0 lets the system pick one.
  ///   - configure: Adds routes; it receives the base URL the server will have.
  /// - Throws: When the socket cannot be opened or the server does not start listening within 10 seconds.
  public static func start(
    port: UInt16 = 0, configure: @Sendable (HTTPServer, _ baseURL: URL) async -> Void
  ) async throws -> LoopbackHTTPServer {
    // Routes are added once the server listens, so they can know its port.
    let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), logger: .disabled)
    let task = Task { try await server.run() }
    do {
      try await server.waitUntilListening(timeout: 10)
      guard case .ip4(_, let port) = await server.listeningAddress,
        let baseURL = URL(string: "http://127.0.0.1:\(port)")
      else { throw LoopbackHTTPServerError.noListeningAddress }
      ListeningSocket.disableNagle(onPort: port)
      await configure(server, baseURL)
      return LoopbackHTTPServer(baseURL: baseURL, task: task)
    } catch {
      task.cancel()
      throw error
    }
  }

  /// Waits until the server stops: forever, unless ``stop()`` is called or the task running it is cancelled.
  public func wait() async {
    _ = await task.result
  }

  /// Stops the server at once, cutting connections in flight, and waits until it has stopped.
  public func stop() async {
    task.cancel()
    _ = await task.result
  }
}

/// Why a loopback server could not start.
public enum LoopbackHTTPServerError: Error {
  /// The server started but reported no IPv4 address.
  case noListeningAddress
}
