import Testing

/// A check that could not run says so: a warning in the test's results, never a silent pass.
enum SkippedCheck {
  static func record(_ message: String, sourceLocation: SourceLocation) {
    #if compiler(>=6.2)
      Issue.record(Comment(rawValue: message), severity: .warning, sourceLocation: sourceLocation)
    #else
      print("warning: \(sourceLocation): \(message)")
    #endif
  }
}
