import Foundation

/// Runs `command` with standard error on a pseudo-terminal (so `isatty(2)` holds, as on a customer's terminal),
/// standard input and output on /dev/null, and `environment` added to this process's; returns everything the terminal
/// received once the command ended. Blocking, so call it off the cooperative pool (`offPool`).
///
/// Python's `os.openpty` makes the terminal: Swift's Glibc module has no `posix_openpt`, and `ioctl` is variadic.
///
/// - Returns: The command's exit status (-1 when a signal ended it) and the bytes the terminal received, as text.
func spawnOnTerminal(_ command: [String], environment: [String: String] = [:]) -> Result<SpawnedRun, CocoaError> {
  let script = """
    import os, subprocess, sys
    main, side = os.openpty()
    child = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=side)
    os.close(side)
    received = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # EIO: the child ended, and with it the terminal's other side
            break
        if not chunk:
            break
        received += chunk
    sys.stdout.buffer.write(received)
    status = child.wait()
    sys.exit(status if status >= 0 else 255)
    """
  let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
  let run = spawnAndWait(["/usr/bin/env"] + variables + ["python3", "-c", script] + command, output: true)
  return run.map { SpawnedRun(status: $0.status == 255 ? -1 : $0.status, output: $0.output, peakBytes: 0) }
}
