import FeedCLI

// The composed app. Everything it does lives in FeedCLI, where the integration tests can reach it.
@main
extension FeedCommand {}
