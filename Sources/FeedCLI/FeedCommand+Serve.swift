import ArgumentParser
import FeedDemoServer
import Foundation

extension FeedCommand {
  /// Runs the demo feed server in the foreground: the same server `feed` embeds.
  struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "serve",
      abstract: "Runs the demo feed server on 127.0.0.1 until interrupted; prints its base URL as the first line.",
      discussion: "Each request is logged on standard error as it is answered: its method, path and query, status.")

    // Unconditional, as every number the app takes: `--port -1` is a value to refuse with its range.
    @Option(name: .long, parsing: .unconditional, help: "The port to listen on (0: any free port).")
    var port = 0

    @Option(
      name: .long, parsing: .unconditional,
      help: "How many images the feed has, generated on the fly (up to 10,000,000).")
    var items = 64

    @Option(
      name: .long, parsing: .unconditional,
      help: "The fraction of requests, from 0 to 1, that answer 503 Service Unavailable.")
    var failRate = 0.0

    @Option(
      name: .long,
      help: """
        The images' format: mixed (JPEG and PNG in turn, photo-like landscapes, one in 16 of 2048 × 2048), jpeg, \
        png, or pgm (small greymaps).
        """)
    var imageFormat = DemoImageFormat.mixed

    func validate() throws {
      guard (0...65_535).contains(port) else {
        throw OptionProblem.outOfRange(option: "--port", low: "0", high: "65535").error()
      }
      guard (0...10_000_000).contains(items) else {
        throw OptionProblem.outOfRange(option: "--items", low: "0", high: "10000000").error()
      }
      guard (0...1).contains(failRate) else {
        throw OptionProblem.outOfRange(option: "--fail-rate", low: "0", high: "1").error()
      }
    }

    func run() async throws {
      let server: LoopbackHTTPServer
      do {
        server = try await DemoFeedServer.start(
          feed: DemoFeed(count: items), port: UInt16(port), failureRate: failRate, images: imageFormat,
          log: { AppOutput.printError($0) })
      } catch LoopbackHTTPServerError.portInUse(let port) {
        throw FeedAppError.portInUse(port)
      }
      // Written straight to the file descriptor, unbuffered: a script reads this line while the server runs.
      try AppOutput.print(server.baseURL.absoluteString)
      await server.wait()
    }
  }
}

extension DemoImageFormat: ExpressibleByArgument {}
