/// The app's version, as `feed --version` prints it.
enum FeedVersion {
  /// The newest release in CHANGELOG.md, then `+main` while the branch holds changes after it (semantic versioning's
  /// build metadata): the code on `main` is 0.1.0 and what the CHANGELOG lists as unreleased. A release replaces it
  /// with the release's number (APP-34 checks that it starts with the CHANGELOG's newest release).
  static let current = "0.1.0+main"
}
