import Foundation
import Testing

@testable import EssentialFeedAPI

/// What UseCases.md and the README say of the grace before a Linux data task is cancelled is what the client does
/// (issue 42: UseCases.md said "one second later", the code and the README 10 s).
@Suite("The cancel course's grace, as written")
struct CancelGraceDocumentationSpecs {
  @Test(
    "HTTP-5 UseCases.md and the README (with docs/) state the client's graces: 10 s after a cancel, 1 s past the body limit"
  )
  func documentedGraces() throws {
    let abandon = try #require(Self.seconds(DataTaskHandle.abandonGrace))
    let cancel = try #require(Self.seconds(DataTaskHandle.cancelGrace))
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let useCases = try Self.words(of: root.appending(path: "UseCases.md"))
    // The README and the pages it links under docs/, where the image cache's section lives.
    let docs = try FileManager.default.contentsOfDirectory(
      at: root.appending(path: "docs"), includingPropertiesForKeys: nil)
    let readme = try ([root.appending(path: "README.md")] + docs.filter { $0.pathExtension == "md" }).map(Self.words)
      .joined(separator: " ")
    let course = try #require(
      useCases.firstRange(of: "**HTTP-5**").map { String(useCases[$0.lowerBound...].prefix(400)) })

    #expect(
      course.contains("still runs \(abandon) seconds later (a body past the limit: \(cancel) second"), "\(course)")
    #expect(readme.contains("only if it is still running \(abandon) s later (a body past the limit: \(cancel) s)"))
  }

  /// The whole seconds of a dispatch interval.
  private static func seconds(_ interval: DispatchTimeInterval) -> Int? {
    if case .seconds(let seconds) = interval { seconds } else { nil }
  }

  /// The document's text with every run of white space one space, so a phrase reads the same across a line break.
  private static func words(of file: URL) throws -> String {
    try String(contentsOf: file, encoding: .utf8).split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
