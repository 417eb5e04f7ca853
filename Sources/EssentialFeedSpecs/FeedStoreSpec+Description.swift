import Testing

extension FeedStoreSpec {
  /// The spec's course ID and sentence, as it appears in `swift test` output and in UseCases.md.
  public var testDescription: String {
    switch self {
    case .retrieveDeliversEmptyOnEmptyCache: "FS-1 retrieve delivers empty on an empty cache"
    case .retrieveHasNoSideEffectsOnEmptyCache: "FS-2 retrieve has no side effects on an empty cache"
    case .retrieveDeliversFoundValuesOnNonEmptyCache: "FS-3 retrieve delivers the inserted feed and timestamp"
    case .retrieveHasNoSideEffectsOnNonEmptyCache: "FS-4 retrieve has no side effects on a non-empty cache"
    case .insertDeliversNoErrorOnEmptyCache: "FS-5 insert into an empty cache succeeds"
    case .insertDeliversNoErrorOnNonEmptyCache: "FS-6 insert into a non-empty cache succeeds"
    case .insertOverridesPreviouslyInsertedCache: "FS-7 insert overrides the previous cache"
    case .deleteDeliversNoErrorOnEmptyCache: "FS-8 delete on an empty cache succeeds"
    case .deleteHasNoSideEffectsOnEmptyCache: "FS-9 delete on an empty cache leaves it empty"
    case .deleteDeliversNoErrorOnNonEmptyCache: "FS-10 delete on a non-empty cache succeeds"
    case .deleteEmptiesPreviouslyInsertedCache: "FS-11 delete empties a non-empty cache"
    case .valuesRoundTripExactly: "FS-12 values round-trip exactly"
    case .largeFeedRoundTrips: "FS-13 a feed of 65,540 images round-trips"
    case .concurrentOperationsAreLinearizable: "FS-14 concurrent operations are linearizable"
    case .replaceLeavesExactlyTheNewCache: "FS-15 replace leaves exactly the new cache"
    case .generatedHistoriesMatchTheModel: "FS-16 generated histories agree with the model exactly"
    }
  }
}
