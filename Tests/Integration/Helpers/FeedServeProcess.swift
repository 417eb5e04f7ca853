import Foundation
import TestSupport

/// `feed serve` in a process of its own, and the base URL it printed.
final class FeedServeProcess: Sendable {
  let url: String
  private let process: Process

  init(executable: URL, items: Int) async throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = ["serve", "--items", "\(items)"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let line = await offPool { () -> String in
      var bytes = Data()
      while !bytes.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        bytes += chunk
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    self.process = process
    url = String(line.prefix { $0 != "\n" })
  }

  func stop() {
    if process.isRunning { process.terminate() }
  }

  /// Sends `SIGINT` and waits for the process to end; how it ended.
  func interrupt() async -> (reason: Process.TerminationReason, status: Int32) {
    process.interrupt()
    await process.exited()
    return (process.terminationReason, process.terminationStatus)
  }
}
