import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `Process.exited()`, which every test that runs a child process waits with: it returns once the child has ended,
/// whether before the call or after it, with the status and reason Foundation records.
@Suite("Waiting for a child process")
struct ProcessExitTests {
  @Test("exited() returns at once for a process that had already ended, with its status")
  func endedBefore() async throws {
    let process = try Self.start("exit 3")
    process.waitUntilExit()  // on the thread that ran it: Foundation's run loop source wakes it, no spin

    await process.exited()

    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 3)
  }

  @Test("exited() returns once a process ends after the call, with its status")
  func endsAfter() async throws {
    let input = Pipe()
    let process = try Self.start("read line; exit 4", input: input)
    async let exited: Void = process.exited()

    try input.fileHandleForWriting.close()
    await exited

    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 4)
  }

  @Test("exited() returns once a process is killed after the call, as an uncaught signal")
  func killedAfter() async throws {
    let input = Pipe()
    let process = try Self.start("read line", input: input)
    async let exited: Void = process.exited()

    kill(process.processIdentifier, SIGKILL)
    await exited

    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGKILL)
  }

  private static func start(_ script: String, input: Pipe? = nil) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.standardInput = input ?? FileHandle.nullDevice
    try process.run()
    return process
  }
}
