/// Asks the terminal what it draws and waits a short while for its answers: kitty's graphics query, the cell size
/// in pixels, 1,024 sixel colour registers and, last, the primary device attributes, which every terminal answers, so
/// their answer ends the wait.
/// A terminal that answers nothing (or not in time) leaves the answers empty: the environment then decides.
public enum TerminalProbe {
  /// The queries, in the order they are asked: kitty's graphics query (a 1 × 1 RGB pixel, id 31, `a=q`: checked,
  /// never stored), the cell size in pixels (`ESC [ 16 t`), 1,024 sixel colour registers (xterm's XTSMGRAPHICS,
  /// `ESC [ ? 1 ; 3 ; 1024 S`: a VT340 xterm holds 16 otherwise; it answers how many it gives, and
  /// ``restoreColourRegisters`` puts its own number back), the primary device attributes (`ESC [ c`).
  public static let query =
    "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}[16t" + "\u{1B}[?1;3;1024S" + "\u{1B}[c"

  /// Gives the sixel colour registers the terminal's own number back (XTSMGRAPHICS, reset to default), for when the
  /// terminal answered the request for 1,024.
  public static let restoreColourRegisters = "\u{1B}[?1;2;0S"

  /// How long a terminal has to answer on the app's start.
  public static let timeout = Duration.milliseconds(300)

  /// Writes ``query`` and reads the answers from `input` until the device attributes arrive or `clock` says
  /// `timeout` has passed, whichever comes first.
  ///
  /// - Parameters:
  ///   - write: Sends the queries to the terminal.
  ///   - input: The bytes the terminal sends, read by read.
  ///   - clock: The clock the timeout is measured on.
  ///   - timeout: How long to wait for the answers.
  /// - Returns: What arrived in time: all of it, part of it, or nothing.
  public static func answers<C: Clock>(
    write: @Sendable (String) -> Void, input: AsyncStream<[UInt8]>, clock: C, timeout: C.Duration
  ) async -> TerminalAnswers {
    write(query)
    return await withTaskGroup(of: TerminalAnswers?.self) { group in
      group.addTask {
        // Ends with the device attributes, or with what came before the timeout once it is cancelled.
        var answers = TerminalAnswers()
        for await bytes in input {
          answers.read(bytes)
          if answers.isComplete { break }
        }
        return answers
      }
      group.addTask {
        try? await clock.sleep(for: timeout)
        return nil
      }
      var answers: TerminalAnswers?
      if case let first?? = await group.next() { answers = first }
      group.cancelAll()
      if answers == nil, case let partial?? = await group.next() { answers = partial }
      return answers ?? TerminalAnswers()
    }
  }
}
