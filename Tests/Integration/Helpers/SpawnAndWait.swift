import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How a process spawned by ``spawnAndWait(_:output:)`` ended.
struct SpawnedRun: Sendable {
  /// Its exit status, or -1 when a signal ended it.
  let status: Int32
  /// What it wrote to standard output (empty unless asked for).
  let output: String
  /// Its peak resident memory, in bytes (`wait4`'s `ru_maxrss`, this child's alone).
  let peakBytes: Int
}

/// Spawns `command` with standard input and error on /dev/null and standard output on a pipe (or /dev/null), reads
/// the pipe to its end, and reaps the process: blocking, so call it off the cooperative pool (`offPool`).
/// With `errors`, standard error goes to the same pipe; with `outputFile`, standard output goes to that file instead
/// (`/dev/full`, say). With `nonBlockingOutput`, the pipe holds one page and its writing end is non-blocking, as a
/// parent that shares its pipe with a non-blocking program leaves it: a write past the page would block. With
/// `closedOutput`, the process starts with standard output closed (`>&-`).
///
/// Spawned and reaped by hand rather than with `Process`: `tmux new-session` forks the tmux server, and Foundation's
/// `Process.waitUntilExit` on Linux then spins without noticing the client's exit; and `wait4` gives this child's own
/// peak memory.
func spawnAndWait(
  _ command: [String], output: Bool, errors: Bool = false, outputFile: String? = nil, nonBlockingOutput: Bool = false,
  closedOutput: Bool = false
) -> Result<SpawnedRun, CocoaError> {
  var descriptors: [Int32] = [-1, -1]
  guard !command.isEmpty, pipe(&descriptors) == 0 else { return .failure(CocoaError(.executableLoad)) }
  for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
  if nonBlockingOutput {
    #if os(Linux)
      _ = fcntl(descriptors[1], 1031, 4_096)  // F_SETPIPE_SZ: one page
    #endif
    _ = fcntl(descriptors[1], F_SETFL, fcntl(descriptors[1], F_GETFL) | O_NONBLOCK)
  }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  if closedOutput {
    posix_spawn_file_actions_addclose(&actions, 1)
  } else if let outputFile {
    posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY, 0)
  } else if output {
    posix_spawn_file_actions_adddup2(&actions, descriptors[1], 1)
  } else {
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  }
  if errors {
    posix_spawn_file_actions_adddup2(&actions, descriptors[1], 2)
  } else {
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  }
  let arguments = command.map { strdup($0) } + [nil]
  defer { for argument in arguments { free(argument) } }
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, command[0], &actions, nil, arguments, environ)
  close(descriptors[1])
  defer { close(descriptors[0]) }
  guard spawned == 0 else { return .failure(CocoaError(.executableLoad)) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4_096)
  while true {
    let count = buffer.withUnsafeMutableBytes { read(descriptors[0], $0.baseAddress, $0.count) }
    if count > 0 {
      bytes += buffer[0..<count]
    } else if count < 0, errno == EINTR {
      continue
    } else {
      break
    }
  }
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
  let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
  #if os(Linux)
    let peakBytes = usage.ru_maxrss * 1024  // kibibytes on Linux
  #else
    let peakBytes = usage.ru_maxrss  // bytes on Darwin
  #endif
  return .success(SpawnedRun(status: exit, output: String(decoding: bytes, as: UTF8.self), peakBytes: peakBytes))
}
