import EssentialFeedCache
import EssentialFeedSpecs
import Testing

/// A store with one bug, and what the failure it causes must say: the spec's own words for what differs.
struct BrokenStore<Make: Sendable>: Sendable {
  /// Makes the broken store (or, for the failable and persistent specs, what their `verify` takes).
  let make: Make
  /// Text the recorded failure must contain: the step, the field, and what was expected.
  let failureMentions: [String]

  init(_ failureMentions: String..., make: Make) {
    self.make = make
    self.failureMentions = failureMentions
  }

  /// Whether `issue` is the failure this bug must cause, not some other one (an error the store threw, say). A bug
  /// only the torn-state phase finds may instead get that phase's word that the machine was too busy to look.
  func isExpected(_ issue: Issue) -> Bool {
    issue.mentions(all: failureMentions)
      || failureMentions.first?.hasPrefix("torn state: a reader saw") == true
        && issue.mentions(Issue.tornPhaseCouldNotLook)
  }
}

extension Issue {
  /// What a torn-state phase cut by its cap says (a warning): on a machine too busy to run readers and writers at once,
  /// it could not look for a tear, and says so instead of passing.
  static let tornPhaseCouldNotLook = "the torn-state phase could not look for a torn "

  /// Everything the issue's comments say, joined.
  var commentText: String { comments.map(\.rawValue).joined(separator: "\n") }

  /// Whether the issue's comments contain every one of `fragments`: the failure a broken store must cause.
  func mentions(_ fragments: String...) -> Bool {
    mentions(all: fragments)
  }

  /// Whether the issue's comments contain every one of `fragments`.
  func mentions(all fragments: [String]) -> Bool {
    let text = commentText
    return fragments.allSatisfy(text.contains)
  }
}

extension FeedStoreSpec {
  /// The store with the bug this spec guards against. The switch is exhaustive: a spec cannot ship without one.
  var brokenStore: BrokenStore<@Sendable () -> any FeedStore> {
    switch self {
    case .retrieveDeliversEmptyOnEmptyCache:
      BrokenStore("retrieve on an empty cache: got 0 images at", "expected an empty cache") {
        EmptyFeedForNoCacheStore()
      }
    case .retrieveHasNoSideEffectsOnEmptyCache:
      BrokenStore("second retrieve on an empty cache: got 0 images at", "expected an empty cache") {
        RetrieveCreatesCacheStore()
      }
    case .retrieveDeliversFoundValuesOnNonEmptyCache:
      BrokenStore(
        "retrieve after insert: image 0: description differs: got \"a location\", expected \"a description\""
      ) { SwappedColumnsStore() }
    case .retrieveHasNoSideEffectsOnNonEmptyCache:
      BrokenStore("second retrieve after insert: timestamp differs: got ", ", expected 721234567.123") {
        TouchingRetrieveStore()
      }
    case .insertDeliversNoErrorOnEmptyCache:
      BrokenStore("insert into an empty cache: got an error", "expected success") { UpdateOnlyStore() }
    case .insertDeliversNoErrorOnNonEmptyCache:
      BrokenStore("insert into a non-empty cache: got an error", "expected success") { InsertOnlyStore() }
    case .insertOverridesPreviouslyInsertedCache:
      BrokenStore("retrieve after a second insert: image 0: id differs: got ", "timestamp differs") {
        FirstInsertWinsStore()
      }
    case .deleteDeliversNoErrorOnEmptyCache:
      BrokenStore("delete on an empty cache: got an error", "expected success") { DeleteMissingThrowsStore() }
    case .deleteHasNoSideEffectsOnEmptyCache:
      BrokenStore("retrieve after deleting an empty cache: got 0 images at 0.0, expected an empty cache") {
        DeleteCreatesCacheStore()
      }
    case .deleteDeliversNoErrorOnNonEmptyCache:
      BrokenStore("delete on a non-empty cache: got an error", "expected success") { DeleteThrowsWhenFullStore() }
    case .deleteEmptiesPreviouslyInsertedCache:
      BrokenStore("retrieve after deleting a non-empty cache: got 0 images at", "expected an empty cache") {
        DeleteKeepsTimestampStore()
      }
    case .valuesRoundTripExactly:
      BrokenStore("round trip 3 of 5 (an empty feed before 1970): got an empty cache, expected 0 images at") {
        EmptyFeedAsNoCacheStore()
      }
    case .largeFeedRoundTrips:
      BrokenStore("retrieve after inserting 65,540 images: count differs: got 1000 images, expected 65540") {
        PageLimitStore()
      }
    case .concurrentOperationsAreLinearizable:
      BrokenStore("is not linearizable", "replay with ESSENTIALFEED_SPEC_SEED=", "or with verify(seed: ") {
        DeleteThenWriteStore()
      }
    case .replaceLeavesExactlyTheNewCache:
      BrokenStore("retrieve after replacing a full cache: ", "timestamp differs: got 721234567.123") {
        ReplaceKeepsTimestampStore()
      }
    case .generatedHistoriesMatchTheModel:
      BrokenStore("FS-16 generated history", "description differs") { SwappedColumnsStore() }
    }
  }
}

extension FeedImageDataStoreSpec {
  /// The store with the bug this spec guards against. The switch is exhaustive: a spec cannot ship without one.
  var brokenStore: BrokenStore<@Sendable () -> any FeedImageDataStore> {
    switch self {
    case .retrieveDeliversNotFoundWhenEmpty:
      BrokenStore("retrieve on an empty store for https://", "got 0 bytes \"\", expected no data") {
        PlaceholderDataStore()
      }
    case .retrieveDeliversNotFoundForDifferentURL:
      BrokenStore(
        "retrieve with a URL other than the one inserted for https://images.example.com/path/photo.jpg",
        "got 11 bytes \"image bytes\", expected no data"
      ) { QueryIgnoringImageStore() }
    case .retrieveDeliversFoundDataForMatchingURL:
      BrokenStore(
        "retrieve after inserting empty data for https://images.example.com/empty: got no data, expected 0 bytes"
      ) { EmptyDataAsMissingStore() }
    case .lastInsertWins:
      BrokenStore(
        "retrieve after two inserts for https://", "byte 0 differs: got 0x69, expected 0x6C",
        "count differs: got 11 bytes, expected 10"
      ) { FirstInsertWinsImageStore() }
    case .retrieveHasNoSideEffects:
      BrokenStore("second retrieve after insert for https://", "got no data, expected 11 bytes \"image bytes\"") {
        EvictOnReadImageStore()
      }
    case .concurrentOperationsAreLinearizable:
      BrokenStore("is not linearizable", "replay with ESSENTIALFEED_SPEC_SEED=", "or with verify(seed: ") {
        ChunkedWriteImageStore()
      }
    case .generatedHistoriesMatchTheModel:
      BrokenStore("IS-7 generated history", "Shrunk from") { QueryIgnoringImageStore() }
    }
  }
}

extension FailableFeedStoreSpec {
  /// The failing store with the bug this spec guards against, as every factory of the failures `verify` takes. The
  /// switch is exhaustive: a spec cannot ship without one.
  var brokenStore: BrokenStore<@Sendable () -> FeedStoreFailures> {
    switch self {
    case .retrieveDeliversErrorOnFailure:
      BrokenStore("retrieve on a retrieval failure: got an empty cache, expected a retrieval error") {
        .every { ErrorSwallowingStore() }
      }
    case .retrieveHasNoSideEffectsOnFailure:
      BrokenStore("second retrieve on a retrieval failure: got an empty cache, expected a retrieval error") {
        .every { DeletesUnreadableCacheStore() }
      }
    case .insertDeliversErrorOnFailure:
      BrokenStore("insert on an insertion failure: got success, expected an insertion error") {
        .every { IgnoresInsertionFailureStore() }
      }
    case .insertHasNoSideEffectsOnFailure:
      BrokenStore("retrieve after a failed insert", "image 0: id differs", "count differs: got 8 images, expected 1") {
        .every { PartialInsertStore() }
      }
    case .deleteDeliversErrorOnFailure:
      BrokenStore("delete on a deletion failure: got success, expected a deletion error") {
        .every { IgnoresDeletionFailureStore() }
      }
    case .deleteHasNoSideEffectsOnFailure:
      BrokenStore("retrieve after a failed delete", "count differs: got 0 images, expected 1") {
        .every { PartialDeleteStore() }
      }
    }
  }
}

extension FeedStoreFailures {
  /// Failures that all come from stores `make` makes: each spec uses only the factory for its operation.
  static func every(_ make: @escaping @Sendable () -> any FeedStore) -> FeedStoreFailures {
    FeedStoreFailures(retrieval: make, insertion: make, deletion: make)
  }
}

extension PersistentFeedStoreSpec {
  /// The store with the bug this spec guards against: `make` gives a new location's `makeSUT`, which makes instances
  /// on it. The switch is exhaustive: a spec cannot ship without one.
  var brokenStore: BrokenStore<@Sendable () -> @Sendable () -> any FeedStore> {
    switch self {
    case .secondInstanceSeesInsert:
      BrokenStore("second instance's retrieve after an insert: got an empty cache, expected 8 images at") {
        { InMemoryFeedStore() }
      }
    case .insertOverridesAcrossInstances:
      BrokenStore("third instance's retrieve after two inserts: image 0: id differs", "timestamp differs") {
        let location = SharedLocation()
        return { CreateOnlyStore(location: location) }
      }
    case .deleteEmptiesAcrossInstances:
      BrokenStore("third instance's retrieve after a delete: got 8 images at", "expected an empty cache") {
        let location = SharedLocation()
        return { LocalDeleteStore(location: location) }
      }
    case .generatedHistoriesMatchTheModel:
      BrokenStore("FSP-4 generated history", "Shrunk from") {
        let location = SharedLocation()
        return { LocalDeleteStore(location: location) }
      }
    case .damagedFilesAreErrors:  // needs real files: SS-16 runs it through expectDamageCaught
      BrokenStore("FSP-5") {
        let disk = FlawedDisk.fresh()
        return { FlawedStore(.damagedLinesSkipped, disk: disk) }
      }
    }
  }
}
