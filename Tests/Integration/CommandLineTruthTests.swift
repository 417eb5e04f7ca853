import FeedDemoServer
import Foundation
import TestSupport
import Testing

@testable import FeedCLI

/// What the command line says about itself: its version, its options, the values it refuses (issue 42).
@Suite("What the command line says")
struct CommandLineTruthTests {
  @Test(
    "APP-33 a negative number after a space gets the option's range, as with =, never 'Missing value'",
    arguments: [
      (["--image-cache-limit", "-1"], "--image-cache-limit must be 0 or more bytes."),
      (["--image-max-age", "-1"], "--image-max-age must be 0 or more seconds."),
      (["search", "kyoto", "--pages", "-3"], "--pages must be from 1 to 1000."),
      (["serve", "--port", "-1"], "--port must be from 0 to 65535."),
      (["serve", "--items", "-5"], "--items must be from 0 to 10000000."),
      (["serve", "--fail-rate", "-0.5"], "--fail-rate must be from 0 to 1."),
      (["browse", "--items", "-5"], "--items must be from 0 to 10000000."),
      (["browse", "--window", "-5"], "--window must be from 1 to 100000."),
      (["browse", "--page-size", "-5"], "--page-size must be from 1 to 1000, and at most --window."),
      (["browse", "--max-pages", "-5"], "--max-pages must be at least 1."),
      (["show", "--max-pages", "-5"], "--max-pages must be from 1 to 1000000."),
    ])
  func negativeNumbers(arguments: [String], message: String) async {
    let joined = arguments.dropLast(2) + [arguments[arguments.count - 2] + "=" + arguments[arguments.count - 1]]
    for form in [arguments, Array(joined)] {
      await expectOneLineError(form)
      var errors: [String] = []
      _ = await FeedCommand.run(form, output: { _ in }, errorOutput: { errors.append($0) })
      #expect(errors == ["error: \(message)"], "\(form)")
    }
  }

  @Test("APP-34 feed --version prints the version on stdout, the CHANGELOG's newest release first")
  func version() async throws {
    var output: [String] = []
    let code = await FeedCommand.run(["--version"], output: { output.append($0) }, errorOutput: { _ in })

    #expect(code == 0)
    #expect(output == [FeedVersion.current])
    let changelog = try String(contentsOf: Self.repository.appending(path: "CHANGELOG.md"), encoding: .utf8)
    let newest = try #require(changelog.firstMatch(of: /\n## \[(\d+\.\d+\.\d+)\]/)?.1, "a release in the CHANGELOG")
    #expect(FeedVersion.current.hasPrefix(String(newest)), "\(FeedVersion.current) is not \(newest) or after it")
  }

  @Test("APP-35 feed browse --help lists no option browse refuses: --offline is not one of its options")
  func browseHelpListsNoOffline() async {
    var output: [String] = []
    let code = await FeedCommand.run(["browse", "--help"], output: { output.append($0) }, errorOutput: { _ in })

    #expect(code == 0)
    let help = output.joined()
    #expect(help.contains("--url"), "\(help)")
    #expect(!help.contains("--offline"), "\(help)")
    await expectOneLineError(["browse", "--offline"])
  }

  @Test("SV-8 feed serve --port with the port taken names the port and the way out, --port 0, in one line")
  func portInUse() async throws {
    let taken = try await DemoFeedServer.start()
    let port = try #require(taken.baseURL.port)
    var errors: [String] = []

    let code = await FeedCommand.run(
      ["serve", "--port", "\(port)"], output: { _ in }, errorOutput: { errors.append($0) })
    await taken.stop()

    #expect(code == 1)
    #expect(
      errors == [
        "error: Port \(port) on 127.0.0.1 is in use (another program listens there): choose another with --port, or "
          + "--port 0 for any free port."
      ])
  }

  /// The repository's root, from this file's place in it.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
}
