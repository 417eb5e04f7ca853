// The values of SQLiteFixtureContents, written with the SQLiteFeedStore of the commit make.sh checks out.
import EssentialFeed
import EssentialFeedCache
import EssentialFeedSQLite
import Foundation

// The values of Tests/Specs/Feed Cache Stores/SQLiteFixtureContents.swift, written by the store of this commit.
let timestamp = Date(timeIntervalSinceReferenceDate: 786_000_000.125)
func uuid(_ number: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))! }
func url(_ number: Int) -> URL { URL(string: "https://fixture.example/image/\(number).jpg?size=large")! }
func image(_ number: Int, description: String? = nil, location: String? = nil) -> LocalFeedImage {
  LocalFeedImage(id: uuid(number), description: description, location: location, url: url(number))
}
let feed = [
  image(1, description: "a description", location: "a location"),
  image(2, description: nil, location: "only a location"),
  image(3, description: "only a description", location: nil),
]
let imageData: [(URL, Data)] = [(url(1), Data("first image".utf8)), (url(2), Data(repeating: 0xA5, count: 3_000))]
let largeImage = (url: url(3), data: Data(repeating: 0x5A, count: 64 << 10))
let path = CommandLine.arguments[1]
let everything = CommandLine.arguments.count > 2
let large = CommandLine.arguments.count > 3 && CommandLine.arguments[3] == "large"
let store = SQLiteFeedStore(storeURL: URL(fileURLWithPath: path))
try await store.insert(feed, timestamp: timestamp)
for (url, data) in imageData { try await store.insert(data, for: url) }
if large { try await store.insert(largeImage.data, for: largeImage.url) }  // from version 4's fixture on
if everything {
  try await store.replaceSearch(
    with: [image(11, description: "temple", location: "Kyoto"), image(12)], for: "Kyoto", timestamp: timestamp)
  _ = try await store.replacePages(with: [image(21), image(22, description: "second page item"), image(23)])
  try await store.enqueue(PendingLikeAction(id: uuid(31), imageID: uuid(1), kind: .like, timestamp: timestamp))
  try await store.enqueue(
    PendingLikeAction(id: uuid(32), imageID: uuid(2), kind: .discard, timestamp: timestamp.addingTimeInterval(1)))
}
print("wrote", path)
