import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking

  extension URLSessionHTTPClient {
    /// The session's delegate queue on Linux: it holds at most ``maximumPending`` deliveries, and the session waits
    /// for room before it reads more from the network.
    ///
    /// swift-corelibs-foundation reads a response as fast as the network delivers it and queues each chunk for the
    /// delegate without limit: a server sending gigabytes over loopback filled gigabytes of memory with chunks
    /// waiting for the delegate, past any body limit, before a cancel could take effect (HTTP-10: 1.9 GB for 30
    /// images of 100 MB with a 4 MiB limit). Waiting for room here blocks the session's own queue, so it stops
    /// reading and TCP slows the server down: the memory a request holds is its limit plus ``maximumPending``
    /// chunks.
    ///
    /// The delegate must never wait on the session's queue from a delivery (corelibs' `cancel()` does, in the
    /// toolchain's version): ``BodyLimiter`` cancels from another queue.
    final class DelegateQueue: OperationQueue, @unchecked Sendable {
      // The only state added is a semaphore, which is thread-safe; OperationQueue is thread-safe itself.
      /// The most deliveries waiting for the delegate at once.
      static let maximumPending = 64

      private let room = DispatchSemaphore(value: maximumPending)

      override init() {
        super.init()
        maxConcurrentOperationCount = 1  // the chunks of a body arrive in order
      }

      override func addOperation(_ block: @Sendable @escaping () -> Void) {
        // A delivery queued from the queue itself (none today) must not wait for room only this queue can make.
        let waits = OperationQueue.current !== self
        if waits { room.wait() }
        super.addOperation { [room] in
          block()
          if waits { room.signal() }
        }
      }
    }
  }
#endif
