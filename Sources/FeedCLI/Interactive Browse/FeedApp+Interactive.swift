import EssentialFeed
import FeedTerminal
import Foundation

extension FeedApp {
  /// `feed browse` on a terminal: the feed on a full screen, driven by keys, until `q`, Control-C or a signal that
  /// ends the app (`TerminalEvents.endingSignals`, observed from before the terminal changes); the terminal is
  /// restored on every way out. Without `options.url`, browses an embedded demo server of `items`
  /// images.
  ///
  /// - Returns: What the session did, printed once the terminal is restored, and the signal that ended it, if one
  ///   did (the process then exits with 128 + its number, as shells expect).
  @MainActor
  static func browseInteractively(
    _ options: AppOptions, items: Int, window: Int, pageLimit: Int, colours: ColourDepth, graphics: TerminalGraphics?
  ) async throws -> (summary: String, signal: Int32?) {
    try await AppEnvironment.with(options, for: .browse(items: items)) { environment in
      // Ending signals are observed before the terminal changes: one sent while it is probed ends the session.
      let events = TerminalEvents(readingKeys: false)
      defer { events.stop() }
      let terminal = try TerminalSession()
      defer { terminal.restore() }
      let (style, registersSet) = await pictureStyle(colours: colours, graphics: graphics)
      defer { if registersSet { TerminalSession.write(TerminalProbe.restoreColourRegisters) } }
      let composer = BrowseComposer(environment: environment, capacity: window, pageLimit: pageLimit, style: style)
      let (feed, feedWindow) = composer.feedList()
      let likes = BrowseLikes()
      let likesParts = BrowseLikesParts(environment: environment, view: likes)
      let parts = BrowseSession.Parts(
        search: composer.searchList, detail: composer.detail(of:), toggleLike: likesParts.toggle,
        reloadLikes: likesParts.reload, origin: { composer.origin.feedOrigin?.rawValue })
      let size = TerminalSession.size ?? (80, 24)
      let session = BrowseSession(feed: feed, likes: likes, parts: parts, columns: size.columns, rows: size.rows)
      let frames = FrameSignal(environment: ProcessInfo.processInfo.environment)
      let (furthest, signal) = try await run(session, on: terminal, events: events) { answered in
        answered ? frames?.answered() : frames?.framed(session, style: style)
      }
      let counts = composer.images.counts
      let statistics = await feedWindow.statistics
      return (
        """
        Browsed to row \(furthest + 1); the window held at most \(statistics.mostImagesHeld) images \
        (pages: \(statistics.remotePages) from the server, \(statistics.localPages) from the page store).
        Image loads: \(counts.started) started, \(counts.loaded) loaded, \(counts.cancelled) cancelled \
        (their rows left the screen), \(counts.failed) failed.
        """, signal
      )
    }
  }

  /// Runs `session` on the terminal until the customer quits or a signal ends it; `framed(false)` after each frame
  /// written, `framed(true)` for each answer of the terminal's.
  ///
  /// - Returns: The furthest row the feed's selection reached, and the signal that ended the session, if one did.
  @MainActor
  private static func run(
    _ session: BrowseSession, on terminal: TerminalSession, events: TerminalEvents,
    framed: (_ answered: Bool) -> Void
  ) async throws -> (furthest: Int, signal: Int32?) {
    events.startReadingKeys()
    var shown: ScreenGrid?
    defer {
      TerminalSession.write(ANSIFrame.erase(shown))  // kitty keeps images apart from the screen: free them
      terminal.restore()  // first: until the events stop, SIGINT and SIGTERM are still handled
      events.stop()
    }
    var redrawRequested = false
    session.onChange = {
      guard !redrawRequested else { return }
      redrawRequested = true
      events.send(.redraw)
    }
    let ticker = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(120))
        events.send(.tick)
      }
    }
    defer { ticker.cancel() }
    var furthest = 0
    var signal: Int32?
    var stale = true
    session.start()
    loop: while true {
      furthest = max(furthest, session.lists[0].selection)
      if stale {
        let grid = BrowseScreen.render(session)
        let frame = ANSIFrame.frame(grid, previous: shown)
        TerminalSession.write(frame)
        if !frame.isEmpty { framed(false) }
        shown = grid
      }
      guard let event = await events.next() else { break }
      // A tick only moves what is animated: a still screen is not drawn again (TRM-49).
      stale = event != .tick || shown?.animated != false
      switch event {
      case .keys(let keys):
        for key in keys where key == .answer { framed(true) }
        for key in keys where key != .answer && !session.handle(key) { break loop }
      case .resized:
        let size = TerminalSession.size ?? (session.columns, session.rows)
        session.resize(columns: size.columns, rows: size.rows)
        shown = nil
      case .signalled(let number):
        signal = number
        break loop
      case .inputClosed: break loop
      case .redraw: redrawRequested = false
      case .tick: session.tick()
      }
    }
    return (furthest, signal)
  }

  /// How pictures are drawn on this terminal: `graphics` if the customer chose, else what the terminal answers and
  /// its environment say; the cell's pixels from its answer, the kernel, or the usual 10 × 20; the sixel colour
  /// registers it answered, else 256. `registersSet` when the terminal took the probe's request for more registers:
  /// the session gives its own number back when it ends.
  @MainActor
  private static func pictureStyle(
    colours: ColourDepth, graphics: TerminalGraphics?
  ) async -> (style: BrowsePictureStyle, registersSet: Bool) {
    let answers = await TerminalProbe.askStandardTerminal()
    let environment = ProcessInfo.processInfo.environment
    let style = BrowsePictureStyle(
      colours: colours, graphics: graphics ?? TerminalGraphics(environment: environment, answers: answers),
      cell: answers.cellSize ?? TerminalSession.cellSize ?? .usual, colourRegisters: answers.colourRegisters ?? 256)
    return (style, answers.colourRegisters != nil)
  }
}
