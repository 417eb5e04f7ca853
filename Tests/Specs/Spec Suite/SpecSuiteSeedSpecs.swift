import EssentialFeedCache
import Testing

@testable import EssentialFeedSpecs

/// A randomized spec is only worth its failures if they can be replayed: a seed fixes every round, and every failure
/// says which seed it ran with and how to run it again.
@Suite("The randomized specs replay from their seed")
struct SpecSuiteSeedSpecs {
  @Test("SS-18 the same seed gives the same rounds, and another seed other rounds", arguments: [0, 42, UInt64.max])
  func sameSeedSameRounds(_ seed: UInt64) {
    let feedRounds = ConcurrencySpec.rounds(of: FeedStoreConcurrencyModel(), seed: seed, count: 40)
    #expect(feedRounds == ConcurrencySpec.rounds(of: FeedStoreConcurrencyModel(), seed: seed, count: 40))
    #expect(feedRounds != ConcurrencySpec.rounds(of: FeedStoreConcurrencyModel(), seed: seed &+ 1, count: 40))

    let imageRounds = ConcurrencySpec.rounds(of: FeedImageDataStoreConcurrencyModel(), seed: seed, count: 40)
    #expect(imageRounds == ConcurrencySpec.rounds(of: FeedImageDataStoreConcurrencyModel(), seed: seed, count: 40))
    #expect(
      imageRounds != ConcurrencySpec.rounds(of: FeedImageDataStoreConcurrencyModel(), seed: seed &+ 1, count: 40))
  }

  @Test("SS-19 a seed given to verify wins over the environment's, which wins over a random one")
  func seedPrecedence() {
    let environment = [RandomizedRounds.seedVariable: "42"]
    #expect(RandomizedRounds.seed(7, environment: environment) == 7)
    #expect(RandomizedRounds.seed(nil, environment: environment) == 42)
    #expect(RandomizedRounds.seed(nil, environment: [:]) != RandomizedRounds.seed(nil, environment: [:]))
  }

  enum RandomizedFailure: String, CaseIterable, Sendable {
    case notLinearizable, storeThrows, imageDataNotLinearizable
  }

  // Stores whose every retrieve after an insert (or of a missing URL) gives a value never inserted fail within the
  // first rounds whatever the scheduling, so these tests do not depend on catching a race.
  @Test(
    "SS-20 every failure of a randomized spec names the seed it was given and both ways to replay it",
    arguments: RandomizedFailure.allCases)
  func failureNamesSeed(_ failure: RandomizedFailure) async throws {
    let replay = "seed 1234; replay with ESSENTIALFEED_SPEC_SEED=1234 swift test, or with verify(seed: 1234)"
    try await withKnownIssue {
      switch failure {
      case .notLinearizable:
        try await FeedStoreSpec.concurrentOperationsAreLinearizable.verify(seed: 1234) { TimestampRoundingStore() }
      case .storeThrows:
        try await FeedStoreSpec.concurrentOperationsAreLinearizable.verify(seed: 1234) { UnreachableStore() }
      case .imageDataNotLinearizable:
        try await FeedImageDataStoreSpec.concurrentOperationsAreLinearizable.verify(seed: 1234) {
          PlaceholderDataStore()
        }
      }
    } matching: {
      let says =
        switch failure {
        case .storeThrows: "Round 0 threw; "
        case .notLinearizable: "a plain round trip already differs"  // every insert loses its timestamp's last bits
        case .imageDataNotLinearizable: "is not linearizable ("
        }
      return $0.mentions(says, replay)
    }
  }

  @Test("SS-48 a torn-state phase never ends before its minimum time, however many writes the readers missed")
  func tornPhaseLastsItsMinimumTime() {
    let enough = TornState.minimumContendedReads
    #expect(!over(changesSeen: 0, written: 25_000, contendedReads: enough, minimumTimePassed: false))
    #expect(!over(changesSeen: 500, written: 25_000, contendedReads: enough, minimumTimePassed: false))
    #expect(!over(changesSeen: 499, written: 24_999, contendedReads: enough, minimumTimePassed: true))
    #expect(over(changesSeen: 500, written: 600, contendedReads: enough, minimumTimePassed: true))
    #expect(over(changesSeen: 3, written: 25_000, contendedReads: enough, minimumTimePassed: true))
  }

  @Test(
    "SS-55 a torn-state phase goes on past its second until 1,000 reads overlapped a write that ended during them, up to its cap"
  )
  func tornPhaseWaitsForContendedReads() {
    let few = TornState.minimumContendedReads - 1
    #expect(TornState.minimumContendedReads == 1_000)
    #expect(!over(changesSeen: 500, written: 25_000, contendedReads: few, minimumTimePassed: true))
    #expect(over(changesSeen: 500, written: 25_000, contendedReads: few + 1, minimumTimePassed: true))
    #expect(over(changesSeen: 0, written: 0, contendedReads: 0, minimumTimePassed: false, capPassed: true))
  }

  @Test("SS-56 a torn-state phase cut by its cap before enough reads overlapped a write says it could not look")
  func tornPhaseCutByItsCapSaysSo() throws {
    let few = TornState.minimumContendedReads - 1
    let note = try #require(TornState.shortfall(of: "cache", contendedReads: few, endedByCap: true))
    #expect(note.contains("could not look for a torn cache"))
    #expect(note.contains("999 reads overlapped a write"))
    #expect(TornState.shortfall(of: "cache", contendedReads: few + 1, endedByCap: true) == nil)
    #expect(TornState.shortfall(of: "cache", contendedReads: 0, endedByCap: false) == nil)
  }

  @Test(
    "SS-59 the sweeps that show what a write does to what was there write something first, whatever the seed",
    arguments: [HistoryPlan.Capability.pages, .feed, .search])
  func sweepsWriteSomethingFirst(_ focus: HistoryPlan.Capability) {
    let store = InMemoryFeedStore()
    let plan = HistoryPlan(stores: StoreCapabilities(feed: store, search: store, pages: store), focus: focus)
    for seed in UInt64(0)..<500 {
      let model = ReferenceModel(images: ImageReference(kind: plan.imageKind(sharedByTwoInstances: false)))
      var sweeps = HistorySweeps(generator: HistoryGenerator(plan: plan, namespace: 0, seed: seed, model: model))
      let written = sweeps.emptySweep().first?.itemCount ?? 0
      #expect(written > 0, "seed \(seed): the empty sweep's first write writes nothing, so an empty one shows nothing")
      #expect(sweeps.cancelSweep().first.map { _ in true } == true, "seed \(seed): no cancelled write of several")
    }
  }

  @Test(
    "SS-63 SRS-11's first history writes and reads back a keyword a normalizing store changes, whatever the seed")
  func keywordSweepNeedsNoLuck() async throws {
    let store = InMemoryFeedStore()
    let plan = HistoryPlan(stores: StoreCapabilities(feed: store, search: store), focus: .search)
    for seed in UInt64(0)..<500 {
      let model = ReferenceModel(images: ImageReference(kind: plan.imageKind(sharedByTwoInstances: false)))
      var sweeps = HistorySweeps(generator: HistoryGenerator(plan: plan, namespace: 0, seed: seed, model: model))
      let sweep = sweeps.keywordSweep()
      guard case .replaceSearch(let images, let keyword, _) = sweep.first, case .retrieveSearch = sweep.last else {
        Issue.record("seed \(seed): the sweep is not a replace read back: \(sweep)")
        continue
      }
      #expect(!images.isEmpty, "seed \(seed): an empty replace")
      for normalized in [
        keyword.lowercased(), keyword.trimmingCharacters(in: .whitespaces),
        keyword.precomposedStringWithCompatibilityMapping,
      ] {
        #expect(normalized != keyword, "seed \(seed): \(keyword) normalizes to itself")
      }
    }
    for seed in UInt64(0)..<5 {
      try await withKnownIssue {
        try await FeedSearchStoreSpec.generatedHistoriesMatchTheModel.verify(seed: seed) {
          BrokenSearchStore(.normalizedKeyword)
        }
      } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("SRS-11 generated history 1 fails") }
      }
    }
  }

  private func over(
    changesSeen: Int, written: Int, contendedReads: Int, minimumTimePassed: Bool, capPassed: Bool = false
  ) -> Bool {
    TornState.isOver(
      changesSeen: changesSeen, written: written, contendedReads: contendedReads, target: 500,
      minimumTimePassed: minimumTimePassed, capPassed: capPassed)
  }
}
