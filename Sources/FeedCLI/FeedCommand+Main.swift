import ArgumentParser
import FeedTerminal
import Foundation

extension FeedCommand {
  /// Runs the app for `arguments` and returns its exit code: 0, or 1 with one line on `errorOutput` for every
  /// failure, from a bad argument to an unusable store. `--help` lists the options of `show`, the default
  /// subcommand, beside the subcommands.
  ///
  /// - Parameters:
  ///   - arguments: The command line without the program name.
  ///   - output: Where help goes (standard output by default, where a failed write is an error: exit code 1).
  ///   - errorOutput: Where the one-line error goes (standard error by default).
  public static func run(
    _ arguments: [String],
    output: ((String) throws -> Void)? = nil,
    errorOutput: ((String) -> Void)? = nil
  ) async -> Int32 {
    let output = output ?? { try AppOutput.print($0) }
    let errorOutput = errorOutput ?? { AppOutput.printError($0) }
    do {
      var command = try parseAsRoot(arguments)
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
      return 0
    } catch let code as ExitCode {
      return code.rawValue  // The app said why on stderr already.
    } catch {
      guard exitCode(for: error) == .success else {
        errorOutput(oneLineError(for: error))
        return 1
      }
      do {
        try output(isRootHelp(arguments) ? rootHelp() : fullMessage(for: error))
      } catch {
        errorOutput(oneLineError(for: error))
        return 1
      }
      return 0
    }
  }

  /// The root's help followed by the options of `show`, which runs when no subcommand is named.
  static func rootHelp() -> String {
    let show = helpMessage(for: Show.self)
    let options = show.range(of: "OPTIONS:").map { String(show[$0.upperBound...]) } ?? show
    return helpMessage() + "\n\nOPTIONS OF `feed show` (what `feed` runs with no subcommand):" + options
  }

  /// ArgumentParser's message for a usage error as one line in the app's own format, never its usage block.
  /// Any other error says its sentence (``FeedAppError/sentence(for:in:)``), never its Swift value.
  static func oneLineError(for error: any Error) -> String {
    guard FeedAppError.isArgumentParserError(error) else {
      return "error: \(TerminalText.line(FeedAppError.sentence(for: error)))"
    }
    let message = message(for: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    let text = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
    return "error: \(text)"
  }

  private static func isRootHelp(_ arguments: [String]) -> Bool {
    arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"]
  }
}
