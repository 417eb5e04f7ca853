import FlyingFox
import Foundation

extension DemoFeedServer {
  /// Adds the likes routes:
  ///
  /// - `GET /v1/likes?limit=N[&after_id=ID]`: the liked images, oldest like first, as the feed's items.
  /// - `PUT /v1/likes/<id>`, `DELETE /v1/likes/<id>`: like, discard; `{"id","liked"}`. The `Idempotency-Key` header
  ///   is required (400 without); a key applied before changes nothing. An id not in the feed is 404.
  /// - `GET /debug/likes`: `{"liked":[ids],"applied":{key:count}}`, for tests and fault runs.
  ///
  /// With a failure rate, that fraction of like and discard requests answers 503, every other one of them **after**
  /// applying the change: the answer is lost, the classic case an idempotency key exists for.
  static func addLikesRoutes(
    to routes: LoggedRoutes, feed: DemoFeed, likes: DemoLikes, failures: FailureSchedule, baseURL: URL
  ) async {
    let lostAnswers = FailureSchedule(rate: 0.5)
    await routes.append("GET /v1/likes") { request in
      let limit = request.query["limit"].map { Int($0) ?? -1 } ?? 30
      guard (1...1_000).contains(limit) else { return badRequest("limit must be from 1 to 1000") }
      let after = request.query["after_id"].flatMap(UUID.init(uuidString:))
      if request.query["after_id"] != nil, after == nil { return badRequest("after_id is not an id") }
      guard let ids = likes.page(after: after, limit: limit) else { return badRequest("after_id is not liked") }
      let items = ids.compactMap { feed.index(of: $0).map(DemoFeed.item(at:)) }
      guard let body = try? DemoFeed.json(for: items, baseURL: baseURL) else { return badRequest("no items") }
      return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: body)
    }
    for (method, liked) in [("PUT", true), ("DELETE", false)] {
      await routes.append(HTTPRoute("\(method) /v1/likes/:id")) { request in
        guard let id = request.routeParameters["id"].flatMap(UUID.init(uuidString:)), feed.index(of: id) != nil else {
          return HTTPResponse(statusCode: .notFound)
        }
        guard let key = request.headers[HTTPHeader("Idempotency-Key")], !key.isEmpty else {
          return badRequest("Idempotency-Key is missing")
        }
        let failing = failures.next()
        if failing, !lostAnswers.next() {
          likes.recordFailure(afterApplying: false)
          return HTTPResponse(statusCode: .serviceUnavailable)
        }
        let answer = likes.apply(key: key, imageID: id, liked: liked)
        if failing {  // applied, and the answer lost
          likes.recordFailure(afterApplying: true)
          return HTTPResponse(statusCode: .serviceUnavailable)
        }
        let body = Data(#"{"id":"\#(id.uuidString)","liked":\#(answer)}"#.utf8)
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: body)
      }
    }
    await routes.append("GET /debug/likes") { _ in
      let snapshot = likes.snapshot
      let object: [String: Any] = [
        "liked": snapshot.liked.map(\.uuidString), "applied": snapshot.applied,
        "failedBefore": snapshot.failedBefore, "failedAfter": snapshot.failedAfter, "repeats": snapshot.repeats,
        "conflicts": snapshot.conflicts,
      ]
      let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
      return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: body)
    }
  }
}
