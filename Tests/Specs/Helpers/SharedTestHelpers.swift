import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A URL no test cares about, unique per call so parallel tests never share a key.
func anyURL() -> URL {
  URL(string: "https://any-url.com/\(UUID().uuidString)")
    ?? URL(fileURLWithPath: "/")  // The literal above always parses; the fallback only avoids a force unwrap.
}

/// Bytes no test cares about; never empty.
func anyData() -> Data {
  Data("any data".utf8)
}

/// An error no test cares about.
func anyNSError() -> NSError {
  NSError(domain: "any error", code: 0)
}

/// A distinct error type, for tests that check an error is passed through unchanged.
struct AnyError: Error, Equatable {
  let id = UUID()
}

/// An HTTP response with `statusCode` for `url`.
func httpResponse(statusCode: Int, url: URL = anyURL()) -> HTTPURLResponse {
  guard let response = HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: nil, headerFields: nil) else {
    preconditionFailure("HTTPURLResponse.init fails only for status codes out of range: \(statusCode)")
  }
  return response
}

extension Date {
  /// This date moved by a number of calendar days in the Gregorian calendar, as the cache policy counts them.
  func adding(days: Int) -> Date {
    Calendar(identifier: .gregorian).date(byAdding: .day, value: days, to: self) ?? self
  }

  /// This date moved by a number of seconds.
  func adding(seconds: TimeInterval) -> Date {
    self + seconds
  }
}
