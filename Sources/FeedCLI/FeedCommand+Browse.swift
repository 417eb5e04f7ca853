import ArgumentParser
import FeedTerminal
import Foundation

extension FeedCommand {
  /// Scrolls the whole feed through a bounded window and reports what it cost.
  struct Browse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "browse",
      abstract: "Browses the feed on a full screen; in a pipe, scrolls it end to end and reports the cost.",
      discussion: """
        On a terminal: the feed with thumbnails (JPEG, PNG or PGM, in colour: see --colors), one screen at a time. Keys: ↑/↓, PgUp/PgDn, Home/End move; \
        Enter opens the image's detail and comments (Esc goes back); l likes or discards the image; / searches \
        (Esc goes back to the feed); t retries the image; r refreshes; q or Control-C quits.

        In a pipe, with --json or --report: scrolls the feed to its end and back and reports the cost. \
        Pages going down come from the server and are kept in the page store (the file `pages` in the \
        cache directory, or feed.sqlite with --store-kind sqlite); pages going back up come from the page \
        store only. The report says how many images were visited, the most held at once, requests for rows \
        already seen (0 with a server that honours after_id), the time per page and the peak memory.
        """)

    @Option(name: .long, parsing: .unconditional, help: "The most images held at once (1 to 100000).")
    var window = 300

    // 100 by default, not 30: corelibs' URLSession keeps some memory per request, so fewer requests for the same rows
    // keep the peak over a million images within 1.15x of a hundred thousand (1.05x; 1.16x with pages of 30).
    @Option(
      name: .long, parsing: .unconditional,
      help: "Images per page (1 to 1000, and at most --window; default 100, or --window if smaller).")
    var pageSize: Int?

    /// The page size given, or 100 within the window.
    private var chosenPageSize: Int { pageSize ?? min(100, window) }

    @Option(
      name: .long, parsing: .unconditional,
      help: "How many images the embedded demo server has (0 to 10000000; not with --url).")
    var items: Int?

    @Option(
      name: .long, parsing: .unconditional,
      help: "The most pages scrolled down before giving up on a list that does not end (default 100000 with --url).")
    var maxPages: Int?

    @OptionGroup var network: ServerOptions

    @Option(
      name: .long, help: "The cache directory (default: $XDG_CACHE_HOME/essential-feed or ~/.cache/essential-feed).")
    var store: String?

    @Flag(name: .long, help: "Print machine-readable JSON instead of text.")
    var json = false

    @Flag(name: .long, help: "Scroll end to end and print the report, even on a terminal.")
    var report = false

    @Option(
      name: .customLong("colors"),
      help: ArgumentHelp(
        "The thumbnails' colours: 24bit, 256 or grey (this terminal: \(ColourDepth.detected.rawValue)).",
        discussion: """
          By default, what the terminal says it draws: 24bit when COLORTERM is truecolor or 24bit, 256 when \
          TERM names 256 colours, else grey.
          """),
      transform: { text in
        guard let depth = ColourDepth(rawValue: text) else {
          throw OptionProblem.notOneOf(option: "--colors", choices: ["24bit", "256", "grey"]).error()
        }
        return depth
      })
    var colors: ColourDepth?

    @Option(
      help: ArgumentHelp(
        "How pictures are drawn: kitty, sixel, iterm or blocks (this terminal, by its environment: "
          + "\(TerminalGraphics.detected.rawValue)).",
        discussion: """
          By default the terminal's answers decide (kitty's graphics query; sixel in its device attributes), \
          then its environment (TERM, TERM_PROGRAM, KITTY_WINDOW_ID, LC_TERMINAL); inside tmux, blocks.
          """),
      transform: { text in
        guard let graphics = TerminalGraphics(rawValue: text) else {
          throw OptionProblem.notOneOf(option: "--graphics", choices: ["kitty", "sixel", "iterm", "blocks"]).error()
        }
        return graphics
      })
    var graphics: TerminalGraphics?

    func validate() throws {
      guard (1...100_000).contains(window) else {
        throw OptionProblem.outOfRange(option: "--window", low: "1", high: "100000").error()
      }
      guard (1...1_000).contains(chosenPageSize), chosenPageSize <= window else {
        throw OptionProblem.pageSize(option: "--page-size", high: "1000", window: "--window").error()
      }
      try network.validate(embeddedItems: items)
      if let maxPages, maxPages < 1 { throw OptionProblem.below(option: "--max-pages", low: "1").error() }
    }

    /// The options this command was given.
    var options: AppOptions { AppOptions(url: network.url, store: store, json: json, limits: network.limits) }

    func run() async throws {
      try await FeedApp.reportingErrors {
        if !json, !report, TerminalSession.isInteractive {
          let (summary, signal) = try await FeedApp.browseInteractively(
            options, items: items ?? 10_000, window: window, pageLimit: chosenPageSize, colours: colors ?? .detected,
            graphics: graphics)
          try AppOutput.print(summary)
          if let signal { throw ExitCode(128 + signal) }
          return
        }
        try AppOutput.print(
          try await FeedApp.browse(
            options, items: items ?? 10_000, window: window, pageLimit: chosenPageSize, maxPages: maxPages),
          json: json)
      }
    }
  }
}

extension TerminalGraphics {
  /// What this process's environment says the terminal draws (its answers are asked on the full screen only).
  static var detected: TerminalGraphics { TerminalGraphics(environment: ProcessInfo.processInfo.environment) }
}

extension ColourDepth {
  /// What this process's environment says the terminal draws.
  static var detected: ColourDepth { ColourDepth(environment: ProcessInfo.processInfo.environment) }
}
