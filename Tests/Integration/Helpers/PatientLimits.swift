@testable import FeedCLI

extension NetworkLimits {
  /// The app's limits with a timeout no test run reaches: the tests that check what the app shows and caches run it
  /// against servers on this machine, and on a machine busy enough (every core loaded, other builds beside it) a
  /// request to one of them took longer than the app's timeouts (30 seconds in all, 15 silent; a longer timeout allows half of it silent), so 2 of 64 images failed and the test with them.
  /// A test's verdict must not depend on how fast the machine is; the tests of the timeouts set their own.
  static let patient = NetworkLimits(timeout: 3_600)
}

extension NetworkLimits {
  /// These limits with answers of at most `bytes`.
  func answering(atMost bytes: Int) -> NetworkLimits {
    var limits = self
    limits.maximumResponseBytes = bytes
    return limits
  }
}
