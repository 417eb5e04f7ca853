import Foundation
import Synchronization
import Testing

/// The torn-state phase of the concurrency specs (FS-14, FPS-11, SRS-9): two writer threads replace the whole state
/// in a tight loop with values whose parts match (a feed and its own timestamp, a keyword and its own results),
/// while two reader threads read in a tight loop, on four threads of the phase's own, and every read must be one
/// whole written value. A store that writes two parts in two steps, with nothing between them (two locks, say),
/// leaves a window of nanoseconds that rounds of a few operations almost never hit. The phase lasts as
/// ``isOver(changesSeen:written:contendedReads:target:minimumTimePassed:capPassed:)`` says: until thousands of reads
/// overlapped a write, the chances that count, however slowly a busy machine gives them; and when its cap comes
/// first, it says it could not look, as a warning, instead of passing silently.
enum TornState {
  /// Writes value 0, then runs the writers and readers until the readers have seen enough changes (see the type) or
  /// one read was torn, which is recorded at `sourceLocation`.
  ///
  /// - Parameters:
  ///   - what: The state a writer replaces, for the failure ("cache", "search").
  ///   - write: Replaces the whole state with value `serial`.
  ///   - read: Reads the state and says whether it is one whole value.
  static func verify(
    _ what: String,
    write: @escaping @Sendable (_ serial: Int) async throws -> Void,
    read: @escaping @Sendable () async throws -> TornRead,
    sourceLocation: SourceLocation
  ) async throws {
    try await write(0)  // From here on the store always holds a value: reading none is a tear too.
    let run = TornRun(changes: changes())
    let gate = StartingGate(parties: 4)
    let threads = (0..<4).map { OperationThreadExecutor(index: 100 + $0) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<2 {
        group.addTask(executorPreference: threads[writer]) {
          await gate.arriveAndWait()
          try await run.untilOver {
            var serial = writer + 1
            while !run.isOver {
              try await write(serial)
              run.wrote()
              serial += 2
            }
          }
        }
      }
      for reader in 0..<2 {
        group.addTask(executorPreference: threads[2 + reader]) {
          await gate.arriveAndWait()
          try await run.untilOver {
            var last = -1
            while !run.isOver {
              let progressBefore = run.writerProgress
              let seen = try await read()
              run.read(since: progressBefore)
              switch seen {
              case .whole(let serial) where serial != last:
                last = serial
                run.changed()
              case .whole: break
              case .torn(let seen): run.tore(seen)
              }
            }
          }
        }
      }
      try await group.waitForAll()
    }
    guard let seen = run.firstTear else {
      let note = shortfall(of: what, contendedReads: run.contendedReads, endedByCap: run.endedByCap)
      if let note { SkippedCheck.record(note, sourceLocation: sourceLocation) }
      return
    }
    Issue.record(
      Comment(
        rawValue: "torn state: a reader saw \(seen), while writers only replaced the whole \(what) with values whose "
          + "parts match (after \(run.changesSeen) changes seen; \(changesVariable) sets how many to look for)"),
      sourceLocation: sourceLocation)
  }
}

/// The shared progress of one torn-state phase: over as
/// ``TornState/isOver(changesSeen:written:contendedReads:target:minimumTimePassed:capPassed:)`` says, when a read was
/// torn, or when a writer or reader threw.
private final class TornRun: Sendable {
  private let target: Int
  private let deadline = ContinuousClock.now + .seconds(1)
  private let cap = ContinuousClock.now + TornState.cap
  private let changes = Atomic(0)
  private let writes = Atomic(0)
  private let contended = Atomic(0)
  private let over = Atomic(false)
  private let capReached = Atomic(false)
  private let tear = Mutex<String?>(nil)

  init(changes: Int) { target = changes }

  var isOver: Bool { over.load(ordering: .relaxed) }
  var changesSeen: Int { changes.load(ordering: .relaxed) }
  var firstTear: String? { tear.withLock { $0 } }
  var writerProgress: Int { writes.load(ordering: .relaxed) }  // writes ended so far
  var contendedReads: Int { contended.load(ordering: .relaxed) }
  var endedByCap: Bool { capReached.load(ordering: .relaxed) }

  /// A writer ended a write.
  func wrote() {
    let written = writes.add(1, ordering: .relaxed).newValue
    if written % 64 == 0 { checkEnd(written: written) }
  }

  /// A reader ended a read it began at `progressBefore` (``writerProgress``): contended when a write ended meanwhile,
  /// the chance a tear needs. A read begun while a writer was merely descheduled mid-write is none: on a busy machine
  /// most overlaps are of that kind.
  func read(since progressBefore: Int) {
    if writerProgress != progressBefore { contended.add(1, ordering: .relaxed) }
  }

  func changed() {
    let seen = changes.add(1, ordering: .relaxed).newValue
    if seen % 64 == 0 || seen == target { checkEnd(written: writes.load(ordering: .relaxed)) }
  }

  private func checkEnd(written: Int) {
    let seen = changes.load(ordering: .relaxed)
    let now = ContinuousClock.now
    let capPassed = now >= cap
    let over = TornState.isOver(
      changesSeen: seen, written: written, contendedReads: contendedReads, target: target,
      minimumTimePassed: now >= deadline, capPassed: capPassed)
    guard over else { return }
    if capPassed { capReached.store(true, ordering: .relaxed) }
    end()
  }

  func tore(_ seen: String) {
    tear.withLock { $0 = $0 ?? seen }
    end()
  }

  /// Runs `loop`, ending the phase for every thread if it throws.
  func untilOver(_ loop: () async throws -> Void) async throws {
    do {
      try await loop()
    } catch {
      end()
      throw error
    }
  }

  private func end() { over.store(true, ordering: .relaxed) }
}
