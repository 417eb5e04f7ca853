import EssentialFeed
import Foundation

/// Makes a failing history as small as it can while it still fails: fewer steps first (the steps after the failure,
/// then halves, quarters… down to single steps), then simpler values in each step, then short ids; each try is a
/// replay on new stores.
struct Shrinker {
  /// Replays a history; the failure, or `nil` when it passed.
  let replay: ([ModelOperation]) async -> HistoryFailure?
  /// The most replays to spend.
  var budget = 400
  private(set) var replays = 0

  init(budget: Int = 400, replay: @escaping ([ModelOperation]) async -> HistoryFailure?) {
    self.budget = budget
    self.replay = replay
  }

  mutating func shrink(
    _ history: [ModelOperation], _ failure: HistoryFailure
  ) async -> (history: [ModelOperation], failure: HistoryFailure) {
    var best = (history: history, failure: failure)
    if let step = failure.step, step < history.count {
      _ = await attempt(Array(history.prefix(step)), &best)
    }
    var progressed = true
    while progressed, replays < budget {
      progressed = await removeSteps(&best)
      progressed = await simplifySteps(&best) || progressed
    }
    _ = await attempt(best.history.withSmallIDs, &best)
    return best
  }

  private mutating func removeSteps(_ best: inout (history: [ModelOperation], failure: HistoryFailure)) async -> Bool {
    var progressed = false
    var size = max(1, best.history.count / 2)
    while size >= 1, replays < budget {
      var start = 0
      while start < best.history.count, replays < budget {
        var candidate = best.history
        candidate.removeSubrange(start..<min(start + size, candidate.count))
        if await attempt(candidate, &best) { progressed = true } else { start += size }
      }
      size /= 2
    }
    return progressed
  }

  private mutating func simplifySteps(_ best: inout (history: [ModelOperation], failure: HistoryFailure)) async -> Bool
  {
    var progressed = false
    var index = 0
    while index < best.history.count, replays < budget {
      var simplified = false
      for simpler in best.history[index].simpler where replays < budget {
        var candidate = best.history
        candidate[index] = simpler
        if await attempt(candidate, &best) {
          simplified = true
          break
        }
      }
      progressed = progressed || simplified
      if !simplified { index += 1 }
    }
    return progressed
  }

  private mutating func attempt(
    _ candidate: [ModelOperation], _ best: inout (history: [ModelOperation], failure: HistoryFailure)
  ) async -> Bool {
    replays += 1
    guard let failure = await replay(candidate) else { return false }
    best = (candidate, failure)
    return true
  }
}
