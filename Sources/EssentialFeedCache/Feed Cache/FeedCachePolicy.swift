import Foundation

/// The cache's expiry rule: a cache is valid while `now < timestamp + 7 days`, counting days in the Gregorian
/// calendar. Exactly seven days old is expired.
enum FeedCachePolicy {
  private static let calendar = Calendar(identifier: .gregorian)
  private static let maxCacheAgeInDays = 7

  static func validate(_ timestamp: Date, against date: Date) -> Bool {
    guard let maxCacheAge = calendar.date(byAdding: .day, value: maxCacheAgeInDays, to: timestamp) else {
      return false
    }
    return date < maxCacheAge
  }
}
