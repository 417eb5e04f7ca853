import Foundation

/// The cache's expiry rule: a cache is valid while `now < timestamp + 7 days`, counting days in the Gregorian
/// calendar. Exactly seven days old is expired. A timestamp more than a day in the future (a clock that was wrong,
/// or a crafted file) is invalid too, so such a cache is never kept forever.
enum FeedCachePolicy {
  private static let calendar = Calendar(identifier: .gregorian)
  private static let maxCacheAgeInDays = 7
  private static let maxClockSkew: TimeInterval = 24 * 60 * 60

  static func validate(_ timestamp: Date, against date: Date) -> Bool {
    guard timestamp.timeIntervalSince(date) <= maxClockSkew,
      let maxCacheAge = calendar.date(byAdding: .day, value: maxCacheAgeInDays, to: timestamp)
    else {
      return false
    }
    return date < maxCacheAge
  }
}
