import FeedCLI
import Foundation

// The composed app. Everything it does lives in FeedCLI, where the integration tests can reach it.
@main
enum FeedMain {
  static func main() async {
    // SIGQUIT asks the app to quit, it is no crash: its default action, not the Swift runtime's backtracer, which
    // took it for one, printed a crash report and kept the process alive for more than 30 s (`feed serve`).
    signal(SIGQUIT, SIG_DFL)
    exit(await FeedCommand.run(Array(CommandLine.arguments.dropFirst())))
  }
}
