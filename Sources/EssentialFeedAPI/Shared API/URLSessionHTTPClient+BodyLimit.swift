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

    private struct Transfer {
      var data = Data()
      var completion: Completion
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
      guard response.expectedContentLength > limit else { return completionHandler(.allow) }
      completionHandler(.cancel)
      exceed(dataTask)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      let within = transfers.withLock { transfers in
        guard var transfer = transfers[dataTask.taskIdentifier], transfer.data.count + data.count <= limit else {
          return false
        }
        transfer.data.append(data)
        transfers[dataTask.taskIdentifier] = transfer
        return true
      }
      if !within { exceed(dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Swift.Error)?) {
      guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
      transfer.completion(transfer.data, task.response, error)
    }

    /// Fails the request at once with ``URLSessionHTTPClient/Error/bodyTooLarge(limit:)``, drops what it received,
    /// and cancels the task, again on every later chunk: swift-corelibs-foundation may go on reading for a while
    /// after a cancel, but nothing more is kept.
    private func exceed(_ task: URLSessionDataTask) {
      let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
      transfer?.completion(nil, nil, URLSessionHTTPClient.Error.bodyTooLarge(limit: limit))
      task.cancel()
    }
  }
}

/// The data task of one request, shared between the request and its cancellation handler.
final class DataTaskHandle: Sendable {
  private enum State {
    case idle
    case running(URLSessionDataTask)
    case cancelled
    case timedOut
  }

  private let state = Mutex(State.idle)

  /// Records `task` as running; returns `false` when cancellation came first, and the task must not start.
  func start(_ task: URLSessionDataTask) -> Bool {
    state.withLock { state in
      guard case .idle = state else { return false }
      state = .running(task)
      return true
    }
  }

  func cancel() {
    stop(as: .cancelled)
  }

  /// Cancels the task because the request took longer than its resource timeout.
  func timeOut() {
    stop(as: .timedOut)
  }

  /// Whether ``timeOut()`` stopped the task.
  var didTimeOut: Bool {
    state.withLock { if case .timedOut = $0 { true } else { false } }
  }

  private func stop(as final: State) {
    let task: URLSessionDataTask? = state.withLock { state in
      guard case .running(let task) = state else {
        if case .idle = state { state = final }
        return nil
      }
      state = final
      return task
    }
    task?.cancel()
  }
}
