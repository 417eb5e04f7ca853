/// How pictures reach the screen: real pixels through one of the terminals' graphics protocols, or half blocks.
public enum TerminalGraphics: String, CaseIterable, Sendable {
  /// kitty's graphics protocol (kitty, WezTerm, Ghostty, Konsole): RGB pixels, placed and deleted by image id.
  case kitty
  /// DEC sixel (xterm `-ti vt340`, foot, mlterm, WezTerm, Windows Terminal): palette pixels, six rows a band.
  case sixel
  /// iTerm2's inline images: a PNG file the terminal scales into a box of cells.
  case iterm
  /// Unicode upper half blocks, two pixels a cell: every terminal draws them.
  case blocks

  /// What the terminal draws, from its answers to ``TerminalProbe``'s queries where it gave them, else from the
  /// environment.
  ///
  /// An answer to kitty's graphics query means kitty; iTerm2 names itself (`TERM_PROGRAM=iTerm.app`,
  /// `LC_TERMINAL=iTerm2`); kitty, Ghostty and WezTerm name themselves too (`KITTY_WINDOW_ID`, `TERM=xterm-kitty`,
  /// `TERM_PROGRAM`); primary device attributes with attribute 4 mean sixel, and so do `TERM`s of terminals that
  /// always draw it (foot, mlterm). Inside tmux or screen (`TMUX`, `TERM=screen…|tmux…`), which pass no graphics
  /// through by default, only the answers count: the outer terminal's variables are inherited and would mislead.
  ///
  /// - Parameters:
  ///   - environment: The process's environment.
  ///   - answers: What the terminal answered, or `nil` when it was not asked (`--help`).
  public init(environment: [String: String], answers: TerminalAnswers? = nil) {
    let term = environment["TERM"] ?? ""
    let program = environment["TERM_PROGRAM"] ?? ""
    let multiplexed = environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux")
    let sixelAnswered = answers?.deviceAttributes?.contains(4) == true
    if answers?.kittyGraphics == true {
      self = .kitty
    } else if multiplexed {
      self = sixelAnswered ? .sixel : .blocks
    } else if program == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" {
      self = .iterm
    } else if environment["KITTY_WINDOW_ID"] != nil || ["xterm-kitty", "xterm-ghostty"].contains(term)
      || ["ghostty", "WezTerm"].contains(program)
    {
      self = .kitty
    } else if sixelAnswered || ["foot", "foot-extra", "mlterm"].contains(term) {
      self = .sixel
    } else {
      self = .blocks
    }
  }

  /// Whether pictures are real pixels drawn by the terminal, not cells.
  public var drawsPixels: Bool { self != .blocks }
}
