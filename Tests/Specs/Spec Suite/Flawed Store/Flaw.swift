/// One plausible bug of a store that keeps its capabilities in text files, from each class of bug the specs must find
/// without being told of it (issue 39's classes, numbered as there). `FlawedStore` with `.none` is the correct store
/// they differ from, and passes every suite.
enum Flaw: String, CaseIterable, Sendable {
  case none
  // 1. Sizes past field widths and caps.
  case feedCountIn16Bits, pageReadsCappedAt1000, searchResultsIn16Bits, imageLimitIn32Bits
  // 2. Lengths past field limits.
  case textsCutAt65535Bytes, keywordCutAt255Bytes, imageKeyCutAt255Bytes, imageDataCutAt65536Bytes
  // 3. Characters special to a file format.
  case textsUnescaped, textsCutAtNUL, linesSplitAtEveryNewline
  // 4. Exact strings.
  case textsNormalizedToNFC, keywordsNormalizedToNFKC
  // 5. Identity.
  case feedKeyedByID, imageKeyWithoutQuery, imageKeyLowercased, imageKeyWithoutTrailingSlash, imageKeyRelative
  case searchResultsDeduplicated
  // 6. Empty collections on write paths.
  case emptySearchIsNoSearch, emptyReplaceKeepsPages
  // 7. Coherence between live instances.
  case readsOnce
  // 8. Contention across instances.
  case writesWithoutLock
  // 9. Isolation between capabilities.
  case feedDeleteDeletesSearch, pageReplaceClearsLikes
  // 10. Partial corruption.
  case damagedLinesSkipped
  // 11. Image data failures.
  case damagedImageIsMiss, failedImageWriteLosesOld, deleteAllFailsWhenNeverWritten
  // 12. Cancellation mid-operation.
  case cancelledAppendLeavesHalf
  // 13. Precision and time.
  case timestampsThrough1970, likesOrderedByMillisecond, expiryToWholeSeconds, maximumAgeInWholeMinutes
  case replaceKeepsStoredDate, storedDatesLostOnReopen
}
