"""Turns every ```swift block of the README into a file of a throwaway consumer package, so CI compiles each block
as written. A block that declares `let package = Package(` is a manifest, type-checked on its own; a block with
`@Test` goes into a test target (with a stand-in for `MyStore`, the reader's own store, when it uses one); any other block is the main.swift of an executable target.

A block whose first line is `// Sources/<path>.swift` is that file of the repository, whole: the check fails unless
the rest of the block is the file as it is, and compiles it, with the one block that uses it (`FeedComposer(`) as its
main.swift, in a target of its own that depends on the library products alone.

Usage: python3 scripts/readme_blocks.py <README.md> <consumer directory> <repository root>
Prints the manifests' paths, one per line, for the caller to type-check.
"""

import pathlib
import re
import sys

# The README's spec examples use `MyStore`, the reader's own store; the check gives them one to compile against.
MY_STORE = """import EssentialFeed
import EssentialFeedCache
import Foundation

/// Stands for the reader's store in the README's spec examples; compiled with them, never run. It keeps whatever
/// the examples plug in: a feed, image data within limits, a search, a paged list, pending likes.
actor MyStore: FeedStore, LimitedFeedImageDataStore, FeedSearchStore, FeedPageStore, PendingLikeActionStore {
  private let store: InMemoryFeedStore

  init(
    storeURL: URL? = nil, imageLimits: ImageCacheLimits? = nil,
    currentDate: @escaping @Sendable () -> Date = Date.init
  ) {
    store = InMemoryFeedStore(imageLimits: imageLimits, currentDate: currentDate)
  }

  func retrieve() async throws -> CachedFeed? { try await store.retrieve() }
  func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws { try await store.insert(feed, timestamp: timestamp) }
  func deleteCachedFeed() async throws { try await store.deleteCachedFeed() }
  func insert(_ data: Data, for url: URL) async throws { try await store.insert(data, for: url) }
  func retrieve(dataForURL url: URL) async throws -> Data? { try await store.retrieve(dataForURL: url) }
  func storedImageDataSize() async throws -> Int { try await store.storedImageDataSize() }
  func deleteAllImageData() async throws { try await store.deleteAllImageData() }
  func retrieveSearch() async throws -> CachedSearch? { try await store.retrieveSearch() }
  func replaceSearch(with results: [LocalFeedImage], for keyword: String, timestamp: Date) async throws {
    try await store.replaceSearch(with: results, for: keyword, timestamp: timestamp)
  }
  func appendToSearch(_ results: [LocalFeedImage], for keyword: String) async throws {
    try await store.appendToSearch(results, for: keyword)
  }
  func deleteSearch() async throws { try await store.deleteSearch() }
  func retrievePage(after id: UUID?, limit: Int) async throws -> [LocalFeedImage] {
    try await store.retrievePage(after: id, limit: limit)
  }
  func retrievePage(before id: UUID, limit: Int) async throws -> [LocalFeedImage] {
    try await store.retrievePage(before: id, limit: limit)
  }
  func appendPage(_ images: [LocalFeedImage]) async throws -> [LocalFeedImage] { try await store.appendPage(images) }
  func replacePages(with images: [LocalFeedImage]) async throws -> [LocalFeedImage] {
    try await store.replacePages(with: images)
  }
  func pageImageCount() async throws -> Int { try await store.pageImageCount() }
  func deletePages() async throws { try await store.deletePages() }
  func enqueue(_ action: PendingLikeAction) async throws { try await store.enqueue(action) }
  func pendingActions() async throws -> [PendingLikeAction] { try await store.pendingActions() }
  func removeIfPending(_ action: PendingLikeAction) async throws -> Bool { try await store.removeIfPending(action) }
}
"""

# The README's "Composition root" quotes this file whole.
COMPOSER = "Sources/FeedCLI/FeedComposer.swift"

PRODUCTS = ["EssentialFeed", "EssentialFeedAPI", "EssentialFeedCache", "EssentialFeedSQLite", "EssentialFeedSpecs"]


def blocks(readme: str) -> list[tuple[int, str]]:
    """The README's Swift blocks with the line each starts on."""
    found = []
    for match in re.finditer(r"^```swift\n(.*?)^```", readme, flags=re.S | re.M):
        found.append((readme.count("\n", 0, match.start()) + 2, match.group(1)))
    return found


def main() -> None:
    readme_path, consumer, root = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3]
    dependencies = ", ".join(f'.product(name: "{name}", package: "EssentialFeed")' for name in PRODUCTS)
    targets, manifests = [], []
    file_target, users = None, 0
    for line, code in blocks(readme_path.read_text(encoding="utf-8")):
        name = f"ReadmeLine{line}"
        header = f"// README.md, the block on line {line}\n"
        first, _, rest = code.partition("\n")
        quoted = re.fullmatch(r"// (Sources/.+\.swift)", first.strip())
        if quoted:
            source = pathlib.Path(root) / quoted.group(1)
            if not source.is_file() or source.read_text(encoding="utf-8") != rest:
                sys.exit(f"readme_blocks: the block on line {line} is not {quoted.group(1)} as it is; copy the file")
            if quoted.group(1) != COMPOSER:
                sys.exit(f"readme_blocks: the block on line {line} quotes {quoted.group(1)}; only {COMPOSER} is checked")
            path = consumer / "Sources" / "ReadmeFile" / source.name
            file_target = f'.executableTarget(name: "ReadmeFile", dependencies: [{dependencies}])'
        elif "FeedComposer(" in code and "@Test" not in code and "let package = Package(" not in code:
            users += 1
            path = consumer / "Sources" / "ReadmeFile" / "main.swift"
        elif "let package = Package(" in code:
            path = consumer / "Manifests" / f"{name}.swift"
            manifests.append(str(path))
        elif "@Test" in code:
            path = consumer / "Tests" / name / f"{name}.swift"
            if "MyStore" in code and "MyStore:" not in code:
                path.parent.mkdir(parents=True, exist_ok=True)
                (path.parent / "MyStore.swift").write_text(MY_STORE, encoding="utf-8")
            targets.append(f'.testTarget(name: "{name}", dependencies: [{dependencies}])')
        else:
            path = consumer / "Sources" / name / "main.swift"
            targets.append(f'.executableTarget(name: "{name}", dependencies: [{dependencies}])')
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(header + (rest if quoted else code), encoding="utf-8")
    # The composition section must be there, whole, and used by exactly one block, or nothing of it is compiled.
    if not file_target:
        sys.exit(f"readme_blocks: no block is {COMPOSER} (a block starting `// {COMPOSER}`)")
    if users != 1:
        sys.exit(f"readme_blocks: {users} blocks use FeedComposer( as an app would; the check compiles exactly one")
    targets.append(file_target)
    (consumer / "Package.swift").write_text(
        "// swift-tools-version: 6.1\n"
        "import PackageDescription\n\n"
        "let package = Package(\n"
        '  name: "Consumer",\n'
        "  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],\n"
        f'  dependencies: [.package(name: "EssentialFeed", path: "{root}", traits: [])],\n'
        "  targets: [\n    " + ",\n    ".join(targets) + "\n  ]\n)\n"
    )
    print("\n".join(manifests))


if __name__ == "__main__":
    main()
