import Testing

@testable import FeedCLI

/// Runs the command line with `arguments` and expects what every bad input gives: exit code 1 and one line on
/// stderr, `error: …`, without the usage text.
func expectOneLineError(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async {
  var errors: [String] = []
  let code = await FeedCommand.run(arguments, output: { _ in }, errorOutput: { errors.append($0) })

  #expect(code == 1, sourceLocation: sourceLocation)
  #expect(errors.count == 1, "\(errors)", sourceLocation: sourceLocation)
  #expect(errors.first?.hasPrefix("error: ") == true, "\(errors)", sourceLocation: sourceLocation)
  #expect(errors.first?.contains("\n") == false, "\(errors)", sourceLocation: sourceLocation)
  #expect(errors.first?.contains("USAGE") == false, "\(errors)", sourceLocation: sourceLocation)
}
