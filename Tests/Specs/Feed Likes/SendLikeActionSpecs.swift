import EssentialFeed
import EssentialFeedAPI
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Send a like or discard (remote)")
struct SendLikeActionSpecs {
  let base = URL(string: "https://api.example.com/base") ?? URL(fileURLWithPath: "/")
  let imageID = UUID()

  @Test("LKS-1 a like is a PUT and a discard a DELETE of /v1/likes/<image id>, with the action's id as Idempotency-Key")
  func requests() async throws {
    let client = RecordingHTTPClient(answer: { request in (200, answer(for: request, liked: true)) })
    let sut = RemoteLikeActionSender(baseURL: base, client: client)
    let like = PendingLikeAction(imageID: imageID, kind: .like, timestamp: Date())
    let discard = PendingLikeAction(imageID: imageID, kind: .discard, timestamp: Date())

    _ = try await sut.send(like)
    _ = try await sut.send(discard)

    let requests = client.requests
    #expect(requests.map(\.httpMethod) == ["PUT", "DELETE"])
    #expect(
      requests.map(\.url?.absoluteString)
        == Array(repeating: "\(base.absoluteString)/v1/likes/\(imageID.uuidString)", count: 2))
    #expect(
      requests.map { $0.value(forHTTPHeaderField: "Idempotency-Key") } == [like.id.uuidString, discard.id.uuidString])
    #expect(
      LikesEndpoint.list(after: FeedImage(id: imageID, description: nil, location: nil, url: base), limit: 5)
        .url(baseURL: base).absoluteString
        == "\(base.absoluteString)/v1/likes?limit=5&after_id=\(imageID.uuidString)")
  }

  @Test(
    "LKS-2 a 200 answer for the action's image is the server's state; another image's, or a payload that is not the state, is invalid data"
  )
  func mapsTheAnswer() async throws {
    let action = PendingLikeAction(imageID: imageID, kind: .like, timestamp: Date())
    for liked in [true, false] {
      let sut = RemoteLikeActionSender(
        baseURL: base, client: RecordingHTTPClient { (200, answer(for: $0, liked: liked)) })
      #expect(try await sut.send(action) == LikeState(imageID: imageID, liked: liked))
    }
    let bad: [Data] = [
      Data(#"{"id":"\#(UUID().uuidString)","liked":true}"#.utf8), Data(#"{"id":"\#(imageID.uuidString)"}"#.utf8),
      Data(#"{"id":"\#(imageID.uuidString)","liked":"yes"}"#.utf8), Data("not json".utf8), Data(),
      Data(#"{"id":"\#(imageID.uuidString)","liked":true,}"#.utf8),
    ]
    for body in bad {
      let sut = RemoteLikeActionSender(baseURL: base, client: RecordingHTTPClient { _ in (200, body) })
      await #expect(throws: RemoteLikeActionSender.Error.invalidData) { try await sut.send(action) }
    }
  }

  @Test(
    "LKS-3 a 4xx answer other than 408 and 429 is a permanent refusal; 408, 429 and 5xx are worth a retry; no answer is connectivity"
  )
  func classifiesFailures() async throws {
    let action = PendingLikeAction(imageID: imageID, kind: .discard, timestamp: Date())
    for status in [400, 401, 403, 404, 409, 410, 422] {
      let sut = RemoteLikeActionSender(baseURL: base, client: RecordingHTTPClient { _ in (status, Data()) })
      await #expect(throws: LikeActionRejected(statusCode: status)) { try await sut.send(action) }
    }
    for status in [408, 429, 500, 502, 503, 201, 302] {
      let sut = RemoteLikeActionSender(baseURL: base, client: RecordingHTTPClient { _ in (status, Data()) })
      await #expect(throws: RemoteLikeActionSender.Error.unavailable(statusCode: status)) { try await sut.send(action) }
    }
    let offline = RemoteLikeActionSender(
      baseURL: base, client: RecordingHTTPClient { _ in throw URLError(.notConnectedToInternet) })
    await #expect(throws: RemoteLikeActionSender.Error.connectivity) { try await offline.send(action) }
  }

  private func answer(for request: URLRequest, liked: Bool) -> Data {
    let id = request.url?.lastPathComponent ?? ""
    return Data(#"{"id":"\#(id)","liked":\#(liked)}"#.utf8)
  }
}

/// An `HTTPClient` that records every request and answers each with `answer`.
final class RecordingHTTPClient: HTTPRequestClient {
  private let recorded = Mutex<[URLRequest]>([])
  private let answer: @Sendable (URLRequest) throws -> (Int, Data)

  init(answer: @escaping @Sendable (URLRequest) throws -> (Int, Data)) {
    self.answer = answer
  }

  var requests: [URLRequest] { recorded.withLock { $0 } }

  func perform(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    recorded.withLock { $0.append(request) }
    let (status, body) = try answer(request)
    let url = request.url ?? URL(fileURLWithPath: "/")
    guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil) else {
      throw URLError(.badServerResponse)
    }
    return (body, response)
  }
}
