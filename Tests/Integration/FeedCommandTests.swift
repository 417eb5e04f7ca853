import EssentialFeedCache
import Foundation
import TestSupport
import Testing

@testable import FeedCLI

@Suite("The feed command line")
struct FeedCommandTests {
  @Test("APP-13 feed --help lists every subcommand and the options of show, the default")
  func helpListsShowOptions() async {
    var output: [String] = []
    let code = await FeedCommand.run(["--help"], output: { output.append($0) }, errorOutput: { _ in })

    #expect(code == 0)
    let help = output.joined()
    for expected in [
      "show", "validate-cache", "--url", "--offline", "--timeout", "--max-response-bytes", "--image-requests",
      "--store",
    ] {
      #expect(help.contains(expected), "feed --help does not mention \(expected)")
    }
  }

  @Test(
    "APP-14 a bad argument is one line on stderr and exit code 1, as app errors are",
    arguments: [
      ["--url", "ftp://example.com"], ["--bogus"], ["show", "--timeout", "0"], ["--offline", "--url", "http://a.com"],
    ])
  func badArgumentIsOneLine(arguments: [String]) async {
    await expectOneLineError(arguments)
  }

  @Test(
    "APP-18 a mistyped command is named as one, with the nearest; a negative --timeout says it must be positive",
    arguments: [
      (["serach", "kyoto"], "'serach' is not a command; did you mean 'search'?"),
      (["validate-cahce"], "'validate-cahce' is not a command; did you mean 'validate-cache'?"),
      (["--timeout", "-1"], "--timeout must be a positive number of seconds."),
      (["--max-response-bytes", "-5"], "--max-response-bytes must be positive."),
      (["--image-requests", "0"], "--image-requests must be from 1 to 64."),
      (["search", "kyoto", "--image-requests", "65"], "--image-requests must be from 1 to 64."),
    ])
  func mistypedCommandsAndNegativeValues(arguments: [String], message: String) async {
    await expectOneLineError(arguments)
    var errors: [String] = []
    _ = await FeedCommand.run(arguments, output: { _ in }, errorOutput: { errors.append($0) })
    #expect(errors.first?.contains(message) == true, "\(errors)")
  }

  @Test("APP-15 --json writes null for every absent field, and the image counts of the summary")
  func jsonHasNullsAndCounts() async throws {
    let entry = FeedReport.Entry(
      id: UUID(), description: nil, location: nil, url: URL(fileURLWithPath: "/"), imageBytes: nil, imageSource: nil,
      imageError: "could not be loaded")
    let report = FeedReport(
      title: "Feed", server: nil, embeddedServer: false, store: "/tmp/x", feedSource: .cache, serverProblem: nil,
      entries: [entry])

    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(FeedReportRenderer.json(report).utf8)) as? [String: Any])

    for key in ["server", "serverProblem", "saveProblem"] { #expect(json[key] is NSNull, "\(key) is not null") }
    #expect(json["imagesLoaded"] as? Int == 0)
    #expect(json["imagesFailed"] as? Int == 1)
    #expect(json["imagesFromCache"] as? Int == 0)
    #expect(json["imagesFromServer"] as? Int == 0)
    let first = try #require((json["entries"] as? [[String: Any]])?.first)
    for key in ["description", "location", "imageBytes", "imageSource"] {
      #expect(first[key] is NSNull, "entry \(key) is not null")
    }
  }

  @Test("APP-16 validate-cache never creates a store that was not there", arguments: FeedStorage.Kind.persistent)
  func validateCacheCreatesNothing(kind: FeedStorage.Kind) async throws {
    try await withTemporaryDirectory { directory in
      let store = directory.appending(path: "never-made", directoryHint: .isDirectory)

      let report = try await FeedApp.validateCache(
        AppOptions(
          store: store.path(percentEncoded: false), storeKind: kind, json: false, limits: .patient, language: .english))

      #expect(report.hasPrefix("There is no cache"), "\(report)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false)).isEmpty)
    }
  }
}
