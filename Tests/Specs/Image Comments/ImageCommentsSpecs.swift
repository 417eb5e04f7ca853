import EssentialFeed
import EssentialFeedAPI
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Image comments")
struct ImageCommentsSpecs {
  @Test("CM-1 the comments of an image are GET <base>/v1/image/<id>/comments")
  func endpoint() throws {
    let id = UUID()
    let base = try #require(URL(string: "https://api.example.com/root"))

    #expect(
      ImageCommentsEndpoint.get(id).url(baseURL: base).absoluteString
        == "https://api.example.com/root/v1/image/\(id.uuidString)/comments")
  }

  @Test("CM-2 any 2xx with the comments JSON delivers the comments in order; dates with or without fractions")
  func mapsComments() throws {
    let (first, second) = (UUID(), UUID())
    let json = payload([
      item(first, "a message", "2020-05-20T11:24:59+0000", "a username"),
      item(second, "", "2020-05-19T14:23:53.123Z", "another username"),
    ])

    for status in [200, 201, 250, 299] {
      let comments = try ImageCommentsMapper.map(json, from: httpResponse(statusCode: status))
      #expect(comments.map(\.id) == [first, second])
      #expect(comments.map(\.message) == ["a message", ""])
      #expect(comments.map(\.username) == ["a username", "another username"])
      #expect(comments[0].createdAt == Date(timeIntervalSince1970: 1_589_973_899))
      #expect(abs(comments[1].createdAt.timeIntervalSince1970 - 1_589_898_233.123) < 0.000_5, "milliseconds kept")
    }
    #expect(try ImageCommentsMapper.map(payload([]), from: httpResponse(statusCode: 200)).isEmpty)
  }

  @Test(
    "CM-3 a non-2xx status, or a payload that is not comments, is invalid data: a bad date, no author, a bad id",
    arguments: [
      (199, payload([])), (300, payload([])), (400, payload([])), (500, payload([])), (200, Data("nope".utf8)),
      (200, payload([item(UUID(), "m", "yesterday", "u")])),
      (200, payload([["id": UUID().uuidString, "message": "m", "created_at": "2020-05-20T11:24:59Z"]])),
      (
        200,
        payload([
          ["id": "not an id", "message": "m", "created_at": "2020-05-20T11:24:59Z", "author": ["username": "u"]]
        ])
      ),
    ])
  func invalidData(status: Int, data: Data) {
    #expect(throws: ImageCommentsMapper.Error.invalidData) {
      try ImageCommentsMapper.map(data, from: httpResponse(statusCode: status))
    }
  }

  @Test("CM-4 ten thousand comments map, in order")
  func manyComments() throws {
    let ids = (0..<10_000).map { _ in UUID() }
    let json = payload(ids.map { item($0, "m", "2020-05-20T11:24:59Z", "u") })

    #expect(try ImageCommentsMapper.map(json, from: httpResponse(statusCode: 200)).map(\.id) == ids)
  }

  @Test("CM-5 loading from remote: connectivity on a transport error, invalid data on a bad answer, cancel is cancel")
  func remoteLoader() async throws {
    let offline = RemoteImageCommentsLoader(url: anyURL(), client: HTTPClientSpy(stub: .failure(AnyError())))
    let bad = RemoteImageCommentsLoader(
      url: anyURL(), client: HTTPClientSpy(stub: .success(Data("{}".utf8), httpResponse(statusCode: 200))))
    let good = RemoteImageCommentsLoader(
      url: anyURL(),
      client: HTTPClientSpy(
        stub: .success(payload([item(UUID(), "m", "2020-05-20T11:24:59Z", "u")]), httpResponse(statusCode: 200))))

    await #expect(throws: RemoteImageCommentsLoader.Error.connectivity) { try await offline.load() }
    await #expect(throws: RemoteImageCommentsLoader.Error.invalidData) { try await bad.load() }
    #expect(try await good.load().map(\.message) == ["m"])
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await good.load()
    }
    await #expect(throws: CancellationError.self) { try await cancelled.value }
  }

  @Test(
    "CMP-1 comments show their message, author and a date relative to an injected clock, in the given locale",
    arguments: [
      ("en_US", ["1 day ago", "2 weeks ago", "1 year ago"]), ("es_ES", ["hace 1 día", "hace 2 semanas", "hace 1 año"]),
      ("de_DE", ["vor 1 Tag", "vor 2 Wochen", "vor 1 Jahr"]),
    ])
  func relativeDates(locale: String, expected: [String]) {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let comments = [86_400.0, 14 * 86_400, 400 * 86_400].map {
      ImageComment(id: UUID(), message: "m", createdAt: now - $0, username: "u")
    }

    let viewModel = ImageCommentsPresenter.map(
      comments, currentDate: now, calendar: calendar, locale: Locale(identifier: locale))

    #expect(viewModel.comments.map(\.date) == expected)
    #expect(viewModel.comments.map(\.message) == ["m", "m", "m"])
    #expect(viewModel.comments.map(\.username) == ["u", "u", "u"])
  }

  @Test("CMP-2 the comments' title is localized in every language the package has")
  func title() {
    #expect(ImageCommentsPresenter.title(localization: "en") == "Comments")
    #expect(ImageCommentsPresenter.title(localization: "es") == "Comentarios")
    #expect(ImageCommentsPresenter.title(localization: "de") == "Kommentare")
  }
}

private func item(_ id: UUID, _ message: String, _ date: String, _ username: String) -> [String: Any] {
  ["id": id.uuidString, "message": message, "created_at": date, "author": ["username": username]]
}

private func payload(_ items: [[String: Any]]) -> Data {
  (try? JSONSerialization.data(withJSONObject: ["items": items])) ?? Data()
}
