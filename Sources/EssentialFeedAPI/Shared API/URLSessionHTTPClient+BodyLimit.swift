import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSessionHTTPClient {
  /// The session delegate of a client that owns its session: collects each task's body and cancels the task as soon
  /// as the body (or its announced length) passes the limit.
  final class BodyLimiter: NSObject, URLSessionDataDelegate, Sendable {
    typealias Completion = @Sendable (Data?, URLResponse?, (any Swift.Error)?) -> Void

    /// A body as it arrives. With its length announced (within the limit), into one buffer of that size, so the body
    /// is held once, never joined from a copy; otherwise its chunks as the session delivered them, joined once at the
    /// end. Growing one buffer instead copies it at every doubling, and the freed buffers of many concurrent loads,
    /// spread over threads, kept the process's memory far above what the loads held.
    private struct Transfer {
      var chunks: [Data] = []
      var buffer: Data?
      /// The announced length the buffer was made for.
      var announced: Int?
      var count = 0
      var completion: Completion

      mutating func append(_ data: Data) {
        if buffer != nil, let capacity = announced, count + data.count <= capacity {
          buffer?.append(data)
        } else {
          chunks.append(data)
        }
        count += data.count
      }

      var body: Data {
        guard !chunks.isEmpty else { return buffer ?? Data() }
        var body = buffer ?? Data()
        body.reserveCapacity(count)
        for chunk in chunks { body.append(chunk) }
        return body
      }
    }

    private let limit: Int
    private let transfers = Mutex<[Int: Transfer]>([:])

    init(limit: Int) {
      self.limit = limit
    }

    func register(_ task: URLSessionTask, completion: @escaping Completion) {
      transfers.withLock { $0[task.taskIdentifier] = Transfer(completion: completion) }
    }

    func unregister(_ task: URLSessionTask) {
      _ = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }

    func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
      guard response.expectedContentLength > limit else {
        let announced = Int(response.expectedContentLength)
        if announced > 0 {
          transfers.withLock { transfers in
            transfers[dataTask.taskIdentifier]?.buffer = Data(capacity: announced)
            transfers[dataTask.taskIdentifier]?.announced = announced
          }
        }
        return completionHandler(.allow)
      }
      completionHandler(.cancel)
      exceed(dataTask)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      let within = transfers.withLock { transfers in
        guard let received = transfers[dataTask.taskIdentifier]?.count else { return true }  // dropped
        guard received + data.count <= limit else { return false }
        // Changed in place: a copy of the transfer out of the dictionary would copy every chunk's list.
        transfers[dataTask.taskIdentifier]?.append(data)
        return true
      }
      if !within { exceed(dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Swift.Error)?) {
      guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
      transfer.completion(transfer.body, task.response, error)
    }

    /// Fails the request at once with ``URLSessionHTTPClient/Error/bodyTooLarge(limit:)``, drops what it received,
    /// and cancels the task if it still runs a moment later: swift-corelibs-foundation may go on reading for a
    /// while, but nothing more is kept. The cancel runs on another queue: in corelibs it waits for the session's
    /// queue, which may be waiting for room on the delegate queue this runs on.
    private func exceed(_ task: URLSessionDataTask) {
      guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
      transfer.completion(nil, nil, URLSessionHTTPClient.Error.bodyTooLarge(limit: limit))
      // Past the grace period, as a caller's cancel is (see `DataTaskHandle`): corelibs traps when a task is cancelled
      // as it completes (swiftlang/swift-corelibs-foundation#3296), and a body just past the limit often is.
      DataTaskHandle.cancelAfterGrace(task)
    }
  }
}
