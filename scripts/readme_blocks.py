"""Turns every ```swift block of the README (and of the Markdown files it links under docs/) into files of throwaway
consumer packages, so CI compiles each block as written, with the manifests the README shows.

- A block that declares `let package = Package(` is a manifest: type-checked on its own, and made a package of its
  own, **exactly as written** but for one substitution: the README's placeholder URL
  (`https://github.com/<owner>/EssentialFeed.git`) becomes the URL of a clone of this repository, so the package
  resolves the version requirement the README asks for (`branch: "main"`) and builds what its targets hold:
  - the manifest with an executable target gets the composition root, `Sources/FeedCLI/FeedComposer.swift` (the
    block whose first line is `// Sources/FeedCLI/FeedComposer.swift`, checked to be that file as it is), and the one
    block that uses it (`FeedComposer(`) as its main.swift, as a reader copying the Install section would;
  - the manifest with a test target gets every `@Test` block that uses `MyStore`, the reader's own store, in that
    test target, and a stand-in `MyStore` in the store's target.
- Any other block goes into a generated package that depends on every library product of the same clone, with
  `traits: []`: a block with `@Test` into a test target of its own, any other block as the main.swift of an
  executable target. Every package names the same clone at the same branch, so `scripts/consumer-check` builds them
  in one scratch directory and compiles the library once.

Usage: python3 scripts/readme_blocks.py <consumer directory> <repository root> <clone URL> <Markdown file>...
Prints one line per manifest (`manifest <path>`, to type-check) and per package (`package <directory>`, to build).
"""

import pathlib
import re
import sys

# The URL the README's manifests name, replaced by the clone's when they are built.
PLACEHOLDER_URL = "https://github.com/<owner>/EssentialFeed.git"

# The README's spec examples use `MyStore`, the reader's own store; the check gives them one to compile against.
# It is a module of its own, the plug-in manifest's store target, so what the tests use is public.
MY_STORE = """import EssentialFeed
import EssentialFeedCache
import Foundation

/// Stands for the reader's store in the README's spec examples; compiled with them, never run. It keeps whatever
/// the examples plug in: a feed, image data within limits, a search, a paged list, pending likes.
public actor MyStore: FeedStore, LimitedFeedImageDataStore, FeedSearchStore, FeedPageStore, PendingLikeActionStore {
  private let store: InMemoryFeedStore

  public init(
    storeURL: URL? = nil, imageLimits: ImageCacheLimits? = nil,
    currentDate: @escaping @Sendable () -> Date = Date.init
  ) {
    store = InMemoryFeedStore(imageLimits: imageLimits, currentDate: currentDate)
  }

  public func retrieve() async throws -> CachedFeed? { try await store.retrieve() }
  public func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
    try await store.insert(feed, timestamp: timestamp)
  }
  public func deleteCachedFeed() async throws { try await store.deleteCachedFeed() }
  public func insert(_ data: Data, for url: URL) async throws { try await store.insert(data, for: url) }
  public func retrieve(dataForURL url: URL) async throws -> Data? { try await store.retrieve(dataForURL: url) }
  public func storedImageDataSize() async throws -> Int { try await store.storedImageDataSize() }
  public func deleteAllImageData() async throws { try await store.deleteAllImageData() }
  public func retrieveSearch() async throws -> CachedSearch? { try await store.retrieveSearch() }
  public func replaceSearch(with results: [LocalFeedImage], for keyword: String, timestamp: Date) async throws {
    try await store.replaceSearch(with: results, for: keyword, timestamp: timestamp)
  }
  public func appendToSearch(_ results: [LocalFeedImage], for keyword: String) async throws {
    try await store.appendToSearch(results, for: keyword)
  }
  public func deleteSearch() async throws { try await store.deleteSearch() }
  public func retrievePage(after id: UUID?, limit: Int) async throws -> [LocalFeedImage] {
    try await store.retrievePage(after: id, limit: limit)
  }
  public func retrievePage(before id: UUID, limit: Int) async throws -> [LocalFeedImage] {
    try await store.retrievePage(before: id, limit: limit)
  }
  public func appendPage(_ images: [LocalFeedImage]) async throws -> [LocalFeedImage] {
    try await store.appendPage(images)
  }
  public func replacePages(with images: [LocalFeedImage]) async throws -> [LocalFeedImage] {
    try await store.replacePages(with: images)
  }
  public func pageImageCount() async throws -> Int { try await store.pageImageCount() }
  public func deletePages() async throws { try await store.deletePages() }
  public func enqueue(_ action: PendingLikeAction) async throws { try await store.enqueue(action) }
  public func pendingActions() async throws -> [PendingLikeAction] { try await store.pendingActions() }
  public func removeIfPending(_ action: PendingLikeAction) async throws -> Bool {
    try await store.removeIfPending(action)
  }
}
"""

# The README's "Composition root" quotes this file whole.
COMPOSER = "Sources/FeedCLI/FeedComposer.swift"

PRODUCTS = ["EssentialFeed", "EssentialFeedAPI", "EssentialFeedCache", "EssentialFeedSQLite", "EssentialFeedSpecs"]


class Block:
    """A Swift block of a Markdown file: where it is, and its code."""

    def __init__(self, document: pathlib.Path, line: int, code: str):
        self.document, self.line, self.code = document, line, code
        self.name = re.sub(r"[^A-Za-z0-9]", "", document.stem.title()) + f"Line{line}"
        self.where = f"{document.name}, the block on line {line}"

    def write(self, path: pathlib.Path, code: str | None = None) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"// {self.where}\n" + (self.code if code is None else code), encoding="utf-8")


def blocks(document: pathlib.Path) -> list[Block]:
    """The document's Swift blocks, in order."""
    text = document.read_text(encoding="utf-8")
    return [
        Block(document, text.count("\n", 0, match.start()) + 2, match.group(1))
        for match in re.finditer(r"^```swift\n(.*?)^```", text, flags=re.S | re.M)
    ]


def targets_of(manifest: str, kind: str) -> list[str]:
    """The names of a manifest's targets of one kind (`executableTarget`, `target`, `testTarget`)."""
    return re.findall(r"\." + kind + r'\(\s*name:\s*"([^"]+)"', manifest)


def manifest_package(block: Block, consumer: pathlib.Path, clone_url: str) -> pathlib.Path:
    """The package a manifest block declares, in a directory of its own, with the clone's URL for the placeholder."""
    if block.code.count(PLACEHOLDER_URL) != 1:
        sys.exit(f"readme_blocks: {block.where} must name the package once as {PLACEHOLDER_URL}")
    name = re.search(r'name:\s*"([^"]+)"', block.code)
    if not name:
        sys.exit(f"readme_blocks: {block.where} declares a package without a name")
    directory = consumer / name.group(1)
    if directory.exists():
        sys.exit(f"readme_blocks: two manifests declare the package {name.group(1)}")
    directory.mkdir(parents=True)
    (directory / "Package.swift").write_text(block.code.replace(PLACEHOLDER_URL, clone_url), encoding="utf-8")
    return directory


def main() -> None:
    consumer, root, clone_url = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3]
    documents = [pathlib.Path(argument) for argument in sys.argv[4:]]
    all_blocks = [block for document in documents for block in blocks(document)]
    dependencies = ", ".join(f'.product(name: "{name}", package: "EssentialFeed")' for name in PRODUCTS)
    generated = consumer / "Blocks"
    manifests, packages, targets = [], [], []
    app, store = None, None  # (package directory, target) for the composition root, and for the store's tests
    for block in all_blocks:
        if "let package = Package(" not in block.code:
            continue
        path = consumer / "Manifests" / f"{block.name}.swift"
        block.write(path)
        manifests.append(path)
        directory = manifest_package(block, consumer, clone_url)
        packages.append(directory)
        executables, tests = targets_of(block.code, "executableTarget"), targets_of(block.code, "testTarget")
        if executables:
            app = (directory, executables[0], block)
        if tests and "MyStore" in targets_of(block.code, "target"):
            store = (directory, tests[0], block)
    if not app:
        sys.exit("readme_blocks: no manifest declares an app (an executable target) to build the composition root in")
    users, quoted_root = 0, False
    for block in all_blocks:
        first, _, rest = block.code.partition("\n")
        quoted = re.fullmatch(r"// (Sources/.+\.swift)", first.strip())
        if "let package = Package(" in block.code:
            continue
        if quoted:
            source = root / quoted.group(1)
            if not source.is_file() or source.read_text(encoding="utf-8") != rest:
                sys.exit(f"readme_blocks: {block.where} is not {quoted.group(1)} as it is; copy the file")
            if quoted.group(1) != COMPOSER:
                sys.exit(f"readme_blocks: {block.where} quotes {quoted.group(1)}; only {COMPOSER} is checked")
            block.write(app[0] / "Sources" / app[1] / source.name, rest)
            quoted_root = True
        elif "FeedComposer(" in block.code and "@Test" not in block.code:
            users += 1
            block.write(app[0] / "Sources" / app[1] / "main.swift")
        elif "@Test" in block.code and "MyStore" in block.code and "MyStore:" not in block.code:
            if not store:
                sys.exit(f"readme_blocks: {block.where} tests MyStore, but no manifest declares the store's package")
            block.write(store[0] / "Tests" / store[1] / f"{block.name}.swift")
        elif "@Test" in block.code:
            block.write(generated / "Tests" / block.name / f"{block.name}.swift")
            targets.append(f'.testTarget(name: "{block.name}", dependencies: [{dependencies}])')
        else:
            block.write(generated / "Sources" / block.name / "main.swift")
            targets.append(f'.executableTarget(name: "{block.name}", dependencies: [{dependencies}])')
    # The composition section must be there, whole, and used by exactly one block, or nothing of it is compiled.
    if not quoted_root:
        sys.exit(f"readme_blocks: no block is {COMPOSER} (a block starting `// {COMPOSER}`)")
    if users != 1:
        sys.exit(f"readme_blocks: {users} blocks use FeedComposer( as an app would; the check compiles exactly one")
    if store:
        stand_in = store[0] / "Sources" / "MyStore" / "MyStore.swift"
        stand_in.parent.mkdir(parents=True, exist_ok=True)
        stand_in.write_text(MY_STORE, encoding="utf-8")
    if targets:
        (generated / "Package.swift").write_text(
            "// swift-tools-version: 6.1\n"
            "import PackageDescription\n\n"
            "let package = Package(\n"
            '  name: "Blocks",\n'
            "  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],\n"
            f'  dependencies: [.package(url: "{clone_url}", branch: "main", traits: [])],\n'
            "  targets: [\n    " + ",\n    ".join(targets) + "\n  ]\n)\n",
            encoding="utf-8",
        )
        packages.append(generated)
    print("\n".join([f"manifest {path}" for path in manifests] + [f"package {path}" for path in packages]))


if __name__ == "__main__":
    main()
