import EssentialFeed
import EssentialFeedCache
import Foundation

/// What one operation gave: compared exactly (texts by Unicode scalars, dates by bits, data by bytes); every error
/// is the same observation, whatever it says.
enum Observation: Sendable, Equatable, CustomStringConvertible {
  case done
  case threw(String)
  case feed(CachedFeed?)
  case data(Data?)
  case size(Int)
  case search(CachedSearch?)
  case page([LocalFeedImage])
  case count(Int)
  case actions([PendingLikeAction])
  case removed(Bool)

  static func == (lhs: Observation, rhs: Observation) -> Bool {
    switch (lhs, rhs) {
    case (.done, .done), (.threw, .threw): true
    case (.feed(let got), .feed(let expected)): Exact.same(got, expected)
    case (.data(let got), .data(let expected)): got == expected
    case (.size(let got), .size(let expected)), (.count(let got), .count(let expected)): got == expected
    case (.search(let got), .search(let expected)): Exact.same(got, expected)
    case (.page(let got), .page(let expected)): Exact.same(got, expected)
    case (.actions(let got), .actions(let expected)): Exact.same(got, expected)
    case (.removed(let got), .removed(let expected)): got == expected
    default: false
    }
  }

  var description: String {
    switch self {
    case .done: "success"
    case .threw(let error): "an error (\(error))"
    case .feed(let cache): Difference.summary(of: cache)
    case .data(let data): data.map(Difference.summary(of:)) ?? "no data"
    case .size(let size): "\(size) bytes"
    case .search(let search): search.map { "\(Shown.text($0.keyword)) with \($0.results.count) results" } ?? "no search"
    case .page(let images): Shown.images(images)
    case .count(let count): "\(count)"
    case .actions(let actions): actions.count > 3 ? "\(actions.count) actions" : "\(actions.map(Shown.action))"
    case .removed(let removed): "\(removed)"
    }
  }

  /// How `self`, what the store gave, differs from `expected`: the first difference, in the words of the numbered
  /// specs.
  func difference(from expected: Observation) -> String {
    let found: String? =
      switch (self, expected) {
      case (.feed(let got), .feed(let wanted)): Difference.between(got: got, expected: wanted)
      case (.data(let got), .data(let wanted)): Difference.between(got: got, expected: wanted)
      case (.search(let got), .search(let wanted)): Difference.between(got: got, expected: wanted)
      case (.page(let got), .page(let wanted)): Difference.between(got: got, expected: wanted)
      case (.actions(let got), .actions(let wanted)): Difference.between(got: got, expected: wanted)
      default: nil
      }
    return found ?? "got \(self), expected \(expected)"
  }
}

/// What the model allows an operation to give.
enum Expectation: Sendable, CustomStringConvertible {
  /// Exactly this.
  case exactly(Observation)
  /// This data, or a miss: a store with limits the spec does not know may have evicted it.
  case dataOrMiss(Data)
  /// A miss, or, at most this many bytes in all: for an image store shared by two live instances.
  case sizeAtMost(Int)
  /// Any error: the operation must be refused.
  case anError

  func allows(_ observed: Observation) -> Bool {
    switch self {
    case .exactly(let expected): observed == expected
    case .dataOrMiss(let data): observed == .data(data) || observed == .data(nil)
    case .sizeAtMost(let limit): if case .size(let size) = observed { size >= 0 && size <= limit } else { false }
    case .anError: observed == .threw("")
    }
  }

  var description: String {
    switch self {
    case .exactly(let observation): "\(observation)"
    case .dataOrMiss(let data): "\(Difference.summary(of: data)) or a miss"
    case .sizeAtMost(let limit): "at most \(limit) bytes"
    case .anError: "an error"
    }
  }

  /// How `observed` breaks this expectation, naming the first difference where there is one.
  func difference(from observed: Observation) -> String {
    switch self {
    case .exactly(let expected): observed.difference(from: expected)
    case .dataOrMiss(let data): observed.difference(from: .data(data)) + " (or a miss)"
    default: "got \(observed), expected \(self)"
    }
  }
}
