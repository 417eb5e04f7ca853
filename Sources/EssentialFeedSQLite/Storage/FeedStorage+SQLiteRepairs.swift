import EssentialFeedCache

extension FeedStorage.Repairs {
  /// The repairs of SQLite databases, each with the part of the storage each of its tables holds. A database another
  /// process holds, or one that cannot be written, is skipped by the check: it is not damaged for that.
  static func sqlite(_ databases: [(SQLiteDatabase, [String: StoreRepair.Part])]) -> FeedStorage.Repairs {
    FeedStorage.Repairs(
      repair: {
        var repaired: [StoreRepair] = []
        for (database, parts) in databases {
          do {
            if let repair = try await database.repair() { repaired.append(StoreRepair(repair, parts: parts)) }
          } catch let error as SQLiteError where error.isBusy || error.mayBeReadOnly {
            continue  // in use, or not ours to write: the validation that follows says so; nothing is damaged by it
          }
        }
        return repaired
      },
      made: {
        var made: [StoreRepair] = []
        for (database, parts) in databases {
          made += await database.repairsMade().map { StoreRepair($0, parts: parts) }
        }
        return made
      })
  }
}

extension StoreRepair {
  /// The report of `repair`, counting the rows kept of each table `parts` names as that part.
  init(_ repair: SQLiteRepair, parts: [String: Part]) {
    var kept: [Part: Int] = [:]
    for (table, part) in parts where !repair.deletedFile { kept[part] = repair.keptRows[table] ?? 0 }
    self.init(file: repair.path, damage: repair.damage, kept: kept, setAside: repair.setAside)
  }
}
