#!/usr/bin/env bash
# Writes the SQLite fixtures of Tests/Specs/Feed Cache Stores/Fixtures with the released code that wrote them:
#   version1.sqlite                   cc56fa9, the first release of EssentialFeedSQLite (the feed and image data)
#   version1-every-capability.sqlite  56edbab, the last with schema version 1 (search, pages, likes made on first use)
#   version4-inline-images.sqlite     d4be5e4, the last with schema version 4 (every image in the database), with
#                                     an image of 64 KiB besides the others
# Each is checked out in a temporary worktree, a package depending on it runs writer.swift (the values of
# SQLiteFixtureContents), and the WAL is checkpointed into the file. version2-current.sqlite was written by bbdefcc
# (see the fixtures' README). Run from the repository; it needs the package mirror, as `swift build` does.
set -euo pipefail
root=$(git rev-parse --show-toplevel)
fixtures="$root/Tests/Specs/Feed Cache Stores/Fixtures"
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/code" 2>/dev/null || true; rm -rf "$work"' EXIT

write() { # commit, output file, everything (yes/no), an image of 64 KiB too (large)
  git -C "$root" worktree remove --force "$work/code" 2>/dev/null || true
  git -C "$root" worktree add -f "$work/code" "$1" -q
  rm -rf "$work/writer" && mkdir -p "$work/writer/Sources/writer"
  cat > "$work/writer/Package.swift" <<PACKAGE
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
  name: "writer", dependencies: [.package(path: "$work/code")],
  targets: [.executableTarget(name: "writer", dependencies: [
    .product(name: "EssentialFeedSQLite", package: "code"), .product(name: "EssentialFeedCache", package: "code"),
    .product(name: "EssentialFeed", package: "code")])])
PACKAGE
  if [ "$3" = yes ]; then
    cp "$root/scripts/sqlite-fixtures/writer.swift" "$work/writer/Sources/writer/main.swift"
  else  # the first release has no search, pages or likes: the writer stops after the images
    sed '/^if everything {/,/^}/d; /^let everything/d' "$root/scripts/sqlite-fixtures/writer.swift" \
      > "$work/writer/Sources/writer/main.swift"
  fi
  (cd "$work/writer" && swift build -q)
  rm -f "$2" "$2-wal" "$2-shm"
  "$work/writer/.build/debug/writer" "$2" ${3/no/} ${4:-}
  sqlite3 "$2" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
  rm -f "$2-wal" "$2-shm"
}

write cc56fa9 "$fixtures/version1.sqlite" no
write 56edbab "$fixtures/version1-every-capability.sqlite" yes
write d4be5e4 "$fixtures/version4-inline-images.sqlite" yes large
echo "wrote the version 1 and version 4 fixtures in $fixtures"
