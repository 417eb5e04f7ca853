import Testing

/// Why a spec could not run at all; a failed check is a recorded issue instead.
public enum SpecError: Error, Sendable, CustomStringConvertible {
  /// The spec was called outside a Swift Testing test, where its `#expect` checks would be ignored.
  case notRunningInSwiftTesting

  /// A readable explanation.
  public var description: String {
    switch self {
    case .notRunningInSwiftTesting:
      "EssentialFeedSpecs checks use Swift Testing's #expect, which records nothing outside a Swift Testing test. "
        + "Call verify(…) from a @Test function; from an XCTestCase every failed check would pass silently."
    }
  }
}

/// Throws unless running inside a Swift Testing test, so an XCTest caller fails loudly instead of passing.
func requireSwiftTesting() throws {
  guard Test.current != nil else { throw SpecError.notRunningInSwiftTesting }
}
