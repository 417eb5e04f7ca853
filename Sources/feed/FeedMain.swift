import FeedCLI
import Foundation

// The composed app. Everything it does lives in FeedCLI, where the integration tests can reach it.
@main
enum FeedMain {
  static func main() async {
    exit(await FeedCommand.run(Array(CommandLine.arguments.dropFirst())))
  }
}
