import EssentialFeedCache

/// What a retrieval gave, with every error counted as the same outcome.
enum RetrievalOutcome: Equatable {
  case found(CachedFeed?)
  case failed

  init(_ store: any FeedStore) async {
    do {
      self = .found(try await store.retrieve())
    } catch {
      self = .failed
    }
  }

  /// How this outcome differs from `expected`, naming the first difference, or `nil` when they are the same.
  func difference(from expected: RetrievalOutcome) -> String? {
    switch (self, expected) {
    case (.failed, .failed): nil
    case (.found(let got), .found(let expected)): Difference.between(got: got, expected: expected)
    case (.failed, .found(let expected)): "got a retrieval error, expected \(Difference.summary(of: expected))"
    case (.found(let got), .failed): "got \(Difference.summary(of: got)), expected a retrieval error"
    }
  }
}
