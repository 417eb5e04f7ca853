import Foundation
import TestSupport

/// `feed serve` in a process of its own, and the base URL it printed. Its request log (standard error) is dropped,
/// or kept in ``requestLog`` when asked for.
final class FeedServeProcess: Sendable {
  let url: String
  private let process: Process
  /// Standard error, where `feed serve` logs each request, when the process was started to keep it.
  let requestLog: FileHandle?

  /// Starts `feed serve` with `items` images in `imageFormat` (the server's default, photos, when `nil`).
  init(executable: URL, items: Int, imageFormat: String? = nil, keepingRequestLog: Bool = false) async throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = ["serve", "--items", "\(items)"] + (imageFormat.map { ["--image-format", $0] } ?? [])
    let output = Pipe()
    process.standardOutput = output
    let errors = Pipe()
    process.standardError = keepingRequestLog ? errors : FileHandle.nullDevice
    requestLog = keepingRequestLog ? errors.fileHandleForReading : nil
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

  /// The request log's next `count` lines, read as they come (blocking: call it off the cooperative pool).
  func requestLogLines(_ count: Int) -> [String] {
    guard let requestLog else { return [] }
    var bytes = Data()
    while bytes.count(where: { $0 == UInt8(ascii: "\n") }) < count {
      let chunk = requestLog.availableData
      if chunk.isEmpty { break }
      bytes += chunk
    }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
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

  /// Sends `signal` and waits for the process to end; how it ended.
  func send(_ signal: Int32) async -> (reason: Process.TerminationReason, status: Int32) {
    kill(process.processIdentifier, signal)
    await process.exited()
    return (process.terminationReason, process.terminationStatus)
  }
}
