import EssentialFeed
import Foundation
import Testing

@testable import EssentialFeedAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Load Feed From Remote", .leakChecked)
struct LoadFeedFromRemoteSpecs {
  @Test("RFL-1 requests nothing on creation, and the feed URL on every load")
  func requestsFeedURL() async throws {
    let url = anyURL()
    let (sut, client) = makeSUT(url: url)
    #expect(client.requestedURLs.isEmpty)

    client.stub(.success(makeItemsJSON([]), httpResponse(statusCode: 200)))
    _ = try await sut.load()
    _ = try await sut.load()

    #expect(client.requestedURLs == [url, url])
  }

  @Test("RFL-2 delivers every image, in order, on a 200 response with valid items")
  func deliversImages() async throws {
    let items = [
      makeItem(description: nil, location: nil),
      makeItem(description: "a description", location: nil),
      makeItem(description: nil, location: "a location"),
      makeItem(description: "Ünïcödé 🌍", location: "Zürich"),
      makeItem(description: "absent keys", location: "absent keys", omitNilKeys: true),
      makeItem(description: nil, location: nil, omitNilKeys: true),
    ]
    let (sut, client) = makeSUT()
    client.stub(.success(makeItemsJSON(items.map(\.json)), httpResponse(statusCode: 200)))

    #expect(try await sut.load() == items.map(\.model))
  }

  @Test("RFL-3 delivers an empty feed on a 200 response with an empty items list")
  func deliversEmptyFeed() async throws {
    let (sut, client) = makeSUT()
    client.stub(.success(makeItemsJSON([]), httpResponse(statusCode: 200)))

    #expect(try await sut.load() == [])
  }

  @Test(
    "RFL-4 fails with invalidData on any status other than 200", arguments: [199, 201, 204, 300, 304, 400, 404, 500])
  func invalidDataOnNon200(statusCode: Int) async throws {
    let (sut, client) = makeSUT()
    client.stub(.success(makeItemsJSON([makeItem().json]), httpResponse(statusCode: statusCode)))

    await #expect(throws: RemoteFeedLoader.Error.invalidData) { try await sut.load() }
  }

  @Test(
    "RFL-5 fails with invalidData on a 200 response with malformed JSON",
    arguments: [
      "", "not json", "{}", "[]", #"{"items": {}}"#, #"{"item": []}"#, #"{"items": [1, 2]}"#, #"{"items": null}"#,
      #"{"items": [{"id": "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086"}]}"#,
      #"{"items": [{"id": 1, "image": "https://a.com/1"}]}"#,
      #"{"items": [{"id": "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086", "image": "https://a.com/1", "description": 7}]}"#,
    ]
  )
  func invalidDataOnMalformedJSON(body: String) async throws {
    let (sut, client) = makeSUT()
    client.stub(.success(Data(body.utf8), httpResponse(statusCode: 200)))

    await #expect(throws: RemoteFeedLoader.Error.invalidData) { try await sut.load() }
  }

  @Test(
    "RFL-6 fails with invalidData on the whole payload when any one item is invalid",
    arguments: [
      ("not-a-uuid", "https://a.com/image.jpg"),
      ("", "https://a.com/image.jpg"),
      ("2AB2AE66-A4B7-4A16-B374-51BBAC8DB086", ""),
      ("2AB2AE66-A4B7-4A16-B374-51BBAC8DB086", "not a url"),
      ("2AB2AE66-A4B7-4A16-B374-51BBAC8DB086", "/relative/image.jpg"),
      ("2AB2AE66-A4B7-4A16-B374-51BBAC8DB086", "ftp://a.com/image.jpg"),
      ("2AB2AE66-A4B7-4A16-B374-51BBAC8DB086", "https:///no-host.jpg"),
      ("2AB2AE66-A4B7-4A16-B374-51BBAC8DB086", "http://user@/no-host.jpg"),
      ("2AB2AE66-A4B7-4A16-B374-51BBAC8DB086", "http://a@b@/no-host.jpg"),
      ("2AB2AE66-A4B7-4A16-B374-51BBAC8DB086", "http://:8080/no-host.jpg"),
    ]
  )
  func invalidDataOnOneInvalidItem(id: String, image: String) async throws {
    let valid = makeItem()
    let invalid: [String: Any] = ["id": id, "image": image]
    let (sut, client) = makeSUT()
    client.stub(.success(makeItemsJSON([valid.json, invalid, valid.json]), httpResponse(statusCode: 200)))

    await #expect(throws: RemoteFeedLoader.Error.invalidData) { try await sut.load() }
  }

  @Test(
    "RFL-9 fails with invalidData on a trailing comma before ] or }, which strict JSON forbids",
    arguments: [
      #"{"items": [],}"#, #"{"items": [{"id": "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086", "image": "https://a.com/1"},]}"#,
      #"{"items": [{"id": "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086", "image": "https://a.com/1",}]}"#,
      "{\"items\": [\n  {\"id\": \"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086\", \"image\": \"https://a.com/1\"} ,\n]}",
    ])
  func invalidDataOnTrailingComma(body: String) async throws {
    let (sut, client) = makeSUT()
    client.stub(.success(Data(body.utf8), httpResponse(statusCode: 200)))

    await #expect(throws: RemoteFeedLoader.Error.invalidData) { try await sut.load() }
  }

  @Test(
    "RFL-10 fails with invalidData on a key repeated in one object, at any level",
    arguments: [
      #"{"items": [{"id": "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086", "image": "https://a.com/1", "image": "https://b.com"}]}"#,
      #"{"items": [], "items": [{"id": "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086", "image": "https://a.com/1"}]}"#,
      #"{"items": [{"id": "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086", "location": null, "location": "x", "image": "https://a.com/1"}]}"#,
    ])
  func invalidDataOnRepeatedKey(body: String) async throws {
    let (sut, client) = makeSUT()
    client.stub(.success(Data(body.utf8), httpResponse(statusCode: 200)))

    await #expect(throws: RemoteFeedLoader.Error.invalidData) { try await sut.load() }
  }

  @Test(
    "RFL-12 fails with invalidData on a string that is not UTF-8, holds a raw control character or an unknown escape",
    arguments: [[0xC3], [0xFF], [0xED, 0xA0, 0x80], [0x00], [0x1F], Array(#"\o"#.utf8), Array(#"\u12G4"#.utf8)])
  func invalidDataOnInvalidUTF8(bytes: [UInt8]) async throws {
    var body = Data(#"{"items": [{"id": "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086", "description": "a"#.utf8)
    body.append(contentsOf: bytes)
    body.append(contentsOf: #"", "image": "https://a.com/1"}]}"#.utf8)
    let (sut, client) = makeSUT()
    client.stub(.success(body, httpResponse(statusCode: 200)))

    await #expect(throws: RemoteFeedLoader.Error.invalidData) { try await sut.load() }
  }

  @Test(
    "RFL-13 fails with invalidData on a number no double holds, even under a key the mapper ignores; others pass",
    arguments: [
      ("1e309", false), ("-1e309", false), ("1e308", true), ("-0.5e-3", true), ("12345678901234567890", true),
    ])
  func outOfRangeNumbers(number: String, accepted: Bool) async throws {
    try await expectItem(withIgnoredValue: number, accepted: accepted)
  }

  @Test(
    "RFL-14 fails with invalidData on arrays or objects nested past 64 levels, under a key the mapper ignores",
    // The payload's own object, `items` array and item object are three levels: 61 more make 64.
    arguments: [("[", "]", 62, false), ("{\"a\":", "}", 62, false), ("[", "]", 10_000, false), ("[", "]", 61, true)])
  func deepNesting(open: String, close: String, depth: Int, accepted: Bool) async throws {
    let nested = String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
    try await expectItem(withIgnoredValue: nested, accepted: accepted)
  }

  @Test(
    "RFL-15 fails with invalidData on closing brackets past the root, before JSONDecoder reads them",
    arguments: ["}", "]"])
  func closersPastTheRoot(closer: String) async throws {
    let body = #"{"items": []}"# + String(repeating: closer, count: 10_000)
    let (sut, client) = makeSUT()
    client.stub(.success(Data(body.utf8), httpResponse(statusCode: 200)))

    await #expect(throws: RemoteFeedLoader.Error.invalidData) { try await sut.load() }
    #expect(StrictJSON.isLenient(Data(body.utf8)))
  }

  @Test(
    "RFL-17 the scan of a string's bytes eight at a time stops at the first byte that needs a look: a quote, a backslash, a control character, a byte past ASCII"
  )
  func stringWordsStopAtEverySpecialByte() {
    func needsLook(_ byte: UInt8) -> Bool { byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 }
    func word(_ bytes: [UInt8]) -> UInt64 {
      bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    }
    for special in (0...255).map(UInt8.init) where needsLook(special) {
      for position in 0..<8 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
        bytes[position] = special
        #expect(StrictJSON.plainBytes(word(bytes)) == position, "byte \(special) at \(position)")
      }
    }
    var random = SystemRandomNumberGenerator()
    for _ in 0..<50_000 {
      // Mostly plain bytes, with specials among them: every mix of where they fall.
      let bytes = (0..<8).map { _ in
        Bool.random(using: &random)
          ? UInt8.random(in: 0x20...0x7E, using: &random) : UInt8.random(in: 0...255, using: &random)
      }
      let expected = bytes.firstIndex(where: needsLook) ?? 8
      #expect(StrictJSON.plainBytes(word(bytes)) == expected, "\(bytes)")
    }
    #expect(StrictJSON.plainBytes(word(Array("https://".utf8))) == 8)
    let body =
      #"{"items": [{"id": "\#(UUID())", "image": "https://a.com/long-path-of-words.jpg", "description": "\u00e9t\u00E9 caf\#u{e9} \"quoted\" \\ ok"}]}"#
    #expect(throws: Never.self) { try FeedItemsMapper.map(Data(body.utf8), from: httpResponse(statusCode: 200)) }
    #expect(StrictJSON.isLenient(Data(#"{"items": [], "a": "0123456789abcdef\#u{01}0123456789"}"#.utf8)))
    #expect(StrictJSON.isLenient(Data(#"{"items": [], "a": "0123456789abcdef\x0123456789"}"#.utf8)))
  }

  @Test(
    "RFL-16 an object of 200,000 keys is read in work linear in its size; a repeat among them is still found",
    arguments: [false, true])
  func manyKeys(repeated: Bool) async throws {
    let count = 200_000
    var body = #"{"items": [], "extra": {"#
    for key in 0..<count { body += #""k\#(key)": 0, "# }
    body += repeated ? #""k\#(count / 2)": 1}}"# : #""last": 1}}"#
    let data = Data(body.utf8)

    let scan = StrictJSON.scan(data)

    #expect(scan.isLenient == repeated)
    // Each key is compared as written only with keys of the same hash: about one comparison per key, never one per
    // earlier key (which was 2 × 10^10 here, over two minutes).
    #expect(scan.keyComparisons <= count / 100, "\(scan.keyComparisons) key comparisons for \(count) keys")
    let (sut, client) = makeSUT()
    client.stub(.success(data, httpResponse(statusCode: 200)))
    if repeated {
      await #expect(throws: RemoteFeedLoader.Error.invalidData) { try await sut.load() }
    } else {
      #expect(try await sut.load().isEmpty)
    }
  }

  /// Loads a feed of one item with `value` under a key the mapper ignores, and expects it `accepted` or refused.
  private func expectItem(
    withIgnoredValue value: String, accepted: Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let body =
      #"{"items": [{"id": "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086", "n": \#(value), "image": "https://a.com/1"}]}"#
    let (sut, client) = makeSUT()
    client.stub(.success(Data(body.utf8), httpResponse(statusCode: 200)))

    if accepted {
      #expect(try await sut.load().count == 1, sourceLocation: sourceLocation)
    } else {
      await #expect(throws: RemoteFeedLoader.Error.invalidData, sourceLocation: sourceLocation) { try await sut.load() }
    }
  }

  @Test("RFL-11 commas, brackets and key names inside strings are text; the same key in two objects is no repeat")
  func punctuationInStrings() async throws {
    let body = #"""
      {"items": [{"id": "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086", "description": "a, ]} \", } \"id\":",
      "location": "id", "image": "https://a.com/1"}, {"id": "7E2B1B5C-0A0A-4C4C-9B9B-123456789ABC",
      "image": "https://a.com/2"}]}
      """#
    let (sut, client) = makeSUT()
    client.stub(.success(Data(body.utf8), httpResponse(statusCode: 200)))

    let feed = try await sut.load()

    #expect(feed.map(\.description) == [#"a, ]} ", } "id":"#, nil])
    #expect(feed.map(\.location) == ["id", nil])
  }

  @Test("RFL-7 fails with connectivity on a transport error")
  func connectivityOnClientError() async throws {
    let (sut, client) = makeSUT()
    client.stub(.failure(anyNSError()))

    await #expect(throws: RemoteFeedLoader.Error.connectivity) { try await sut.load() }
  }

  @Test(
    "RFL-8 cancelling the load cancels the request and delivers CancellationError, whatever the client answers",
    arguments: [
      Result<(Data, HTTPURLResponse), any Error>.failure(CancellationError()),
      .failure(anyNSError()),
      .success((makeItemsJSON([makeItem().json]), httpResponse(statusCode: 200))),
      .success((Data("not json".utf8), httpResponse(statusCode: 500))),
    ]
  )
  func cancellation(clientAnswer: Result<(Data, HTTPURLResponse), any Error>) async throws {
    let url = anyURL()
    let (sut, client) = makeSUT(url: url)
    client.stub(.waitForCancellation(then: clientAnswer))

    let task = Task { try await sut.load() }
    try await client.waitForRequests()
    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(client.messages == [.get(url), .cancelled(url)])
  }

  @Test("RFL-8 delivers CancellationError without a request when the task is already cancelled")
  func alreadyCancelled() async throws {
    let (sut, client) = makeSUT()
    client.stub(.success(makeItemsJSON([]), httpResponse(statusCode: 200)))

    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await sut.load()
    }

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(client.requestedURLs.isEmpty)
  }

  // MARK: - Helpers

  private func makeSUT(url: URL = anyURL()) -> (sut: RemoteFeedLoader, client: HTTPClientSpy) {
    let client = HTTPClientSpy()
    trackForMemoryLeaks(client)
    return (RemoteFeedLoader(url: url, client: client), client)
  }
}
