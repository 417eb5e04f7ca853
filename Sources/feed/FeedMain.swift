import FeedCLI
import Foundation

// The composed app. Everything it does lives in FeedCLI, where the integration tests can reach it.
@main
enum FeedMain {
  static func main() async {
    // SIGQUIT asks the app to quit, it is no crash: its default action, not the Swift runtime's backtracer, which
    // took it for one, printed a crash report and kept the process alive for more than 30 s (`feed serve`).
    signal(SIGQUIT, SIG_DFL)
    holdClosedStandardDescriptors()
    exit(await FeedCommand.run(Array(CommandLine.arguments.dropFirst())))
  }

  /// Puts /dev/null, read-only, in place of a closed standard descriptor (`feed >&-`): the next file the app opened
  /// (a store's database) would take its number, and the report or an error would be written into that file. Read-only,
  /// so a write there fails as one to a closed descriptor does, and the command says so.
  private static func holdClosedStandardDescriptors() {
    for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      let held = open("/dev/null", O_RDONLY)
      guard held >= 0, held != fd else { continue }  // the lowest free number: `fd` itself, as a rule
      _ = dup2(held, fd)
      close(held)
    }
  }
}
