import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// A FlyingFox HTTP server on 127.0.0.1 with a port the system picks, running until ``stop()``.
public final class LoopbackHTTPServer: Sendable {
  /// The server's root, `http://127.0.0.1:<port>`.
  public let baseURL: URL
  private let task: Task<Void, any Error>
  /// How long a request's handler may run before FlyingFox answers 500 in its place: an hour, a bound on a hang only.
  static let handlerTimeout: TimeInterval = 3_600

  private init(baseURL: URL, task: Task<Void, any Error>) {
    self.baseURL = baseURL
    self.task = task
  }

  /// Starts a server with the routes `configure` adds, and returns once it listens.
  ///
  /// - Parameters:
  ///   - port: The port to listen on; 0 lets the system pick one.
  ///   - configure: Adds routes; it receives the base URL the server will have.
  /// - Throws: When the socket cannot be opened, at once with the error that stopped the server (a port in use);
  ///   it waits for the server to listen however busy the machine is (an hour at most, a bound on a hang).
  public static func start(
    port: UInt16 = 0, configure: @Sendable (HTTPServer, _ baseURL: URL) async -> Void
  ) async throws -> LoopbackHTTPServer {
    // Routes are added once the server listens, so they can know its port.
    // FlyingFox answers 500 to a request whose handler runs past its `timeout` (15 s by default): on a machine whose
    // every core was busy, making a demo image took longer, and 2 of 64 images failed (APP-1, APP-45 in CI). The
    // clients set their own timeouts; the server's only bounds a hung handler.
    let server = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: port), timeout: Self.handlerTimeout, logger: .disabled)
    let task = Task { try await server.run() }
    do {
      // Listening, or the server's own end (its error): whichever comes first. A timeout here failed tests on a busy
      // machine, and made a port in use wait out its 10 s before saying anything.
      try await firstOf(listening: { try await server.waitUntilListening(timeout: 3_600) }, orEndOf: task)
      guard case .ip4(_, let port) = await server.listeningAddress,
        let baseURL = URL(string: "http://127.0.0.1:\(port)")
      else { throw LoopbackHTTPServerError.noListeningAddress }
      ListeningSocket.disableNagle(onPort: port)
      await configure(server, baseURL)
      return LoopbackHTTPServer(baseURL: baseURL, task: task)
    } catch let error as SocketError {
      task.cancel()
      if case .failed(_, EADDRINUSE, _) = error { throw LoopbackHTTPServerError.portInUse(port) }
      throw error
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

/// Waits for `listening`, or for `task` to end (with its error, or ``LoopbackHTTPServerError/stopped``), whichever
/// comes first; the other wait is cancelled or left to end with the server.
private func firstOf(
  listening: @escaping @Sendable () async throws -> Void, orEndOf task: Task<Void, any Error>
) async throws {
  let outcome = FirstOutcome()
  try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
    outcome.set(continuation)
    let waiter = Task {
      do {
        try await listening()
        outcome.resume(with: .success(()))
      } catch {
        outcome.resume(with: .failure(error))
      }
    }
    Task {
      if case .failure(let error) = await task.result {
        outcome.resume(with: .failure(error))
      } else {
        outcome.resume(with: .failure(LoopbackHTTPServerError.stopped))
      }
      waiter.cancel()
    }
  }
}

/// A continuation resumed once, by the first of several outcomes.
private final class FirstOutcome: Sendable {
  private let continuation = Mutex<CheckedContinuation<Void, any Error>?>(nil)

  func set(_ continuation: CheckedContinuation<Void, any Error>) {
    self.continuation.withLock { $0 = continuation }
  }

  func resume(with result: Result<Void, any Error>) {
    continuation.withLock { state in
      defer { state = nil }
      return state
    }?.resume(with: result)
  }
}

/// Why a loopback server could not start.
public enum LoopbackHTTPServerError: Error, CustomStringConvertible {
  /// The server started but reported no IPv4 address.
  case noListeningAddress
  /// The server stopped before it listened, with no error of its own.
  case stopped
  /// Another socket listens on the port asked for.
  case portInUse(UInt16)

  /// The reason in a sentence.
  public var description: String {
    switch self {
    case .noListeningAddress: "The server started but reported no IPv4 address."
    case .stopped: "The server stopped before it listened."
    case .portInUse(let port): "Port \(port) on 127.0.0.1 is in use: another socket listens there."
    }
  }
}
