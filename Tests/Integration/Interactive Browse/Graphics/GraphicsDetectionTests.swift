import FeedTerminal
import Synchronization
import Testing

@testable import FeedCLI

@Suite("Graphics: what the terminal draws, from its environment and its answers")
struct GraphicsDetectionTests {
  @Test(
    "TRM-27 the environment names the graphics: kitty, Ghostty, WezTerm, iTerm2, foot; tmux and others get blocks",
    arguments: [
      (["TERM": "xterm-kitty"], TerminalGraphics.kitty), (["KITTY_WINDOW_ID": "1", "TERM": "xterm-256color"], .kitty),
      (["TERM_PROGRAM": "ghostty"], .kitty), (["TERM_PROGRAM": "WezTerm"], .kitty),
      (["TERM_PROGRAM": "iTerm.app"], .iterm), (["LC_TERMINAL": "iTerm2"], .iterm), (["TERM": "foot"], .sixel),
      (["TERM": "mlterm"], .sixel), (["TERM": "xterm-256color"], .blocks), ([:], .blocks),
      (["TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"], .blocks), (["TERM": "screen-256color"], .blocks),
    ])
  func environment(_ environment: [String: String], graphics: TerminalGraphics) {
    #expect(TerminalGraphics(environment: environment) == graphics)
  }

  @Test("TRM-27 24-bit colour for COLORTERM truecolor or 24bit and for a TERM ending in -direct")
  func directColour() {
    #expect(ColourDepth(environment: ["TERM": "xterm-direct"]) == .trueColour)
    #expect(ColourDepth(environment: ["TERM": "xterm-256color", "COLORTERM": "24bit"]) == .trueColour)
    #expect(ColourDepth(environment: ["TERM": "xterm-256color"]) == .palette)
  }

  @Test("TRM-27 --graphics overrides what the terminal says, and --help says what this terminal gets")
  func option() throws {
    let browse = try FeedCommand.Browse.parse(["--graphics", "sixel"])
    #expect(browse.graphics == .sixel)
    #expect(throws: (any Error).self) { try FeedCommand.Browse.parse(["--graphics", "pixels"]) }
    let help = FeedCommand.Browse.helpMessage()
    #expect(help.contains("--graphics"))
    #expect(help.contains("kitty, sixel, iterm or blocks"))
    #expect(help.contains("this terminal"))
  }

  @Test("TRM-28 the answers are read from the terminal's bytes, split anywhere, with keys typed among them")
  func answersSplit() {
    let bytes = Array("x\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[A\u{1B}[6;18;9t\u{1B}[?62;4;22c".utf8)
    var answers = TerminalAnswers()
    for byte in bytes { answers.read([byte]) }
    #expect(answers.kittyGraphics)
    #expect(answers.cellSize == CellSize(width: 9, height: 18))
    #expect(answers.deviceAttributes == [62, 4, 22])
    #expect(answers.isComplete)
    var refused = TerminalAnswers()
    refused.read(Array("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?1;2c".utf8))
    #expect(!refused.kittyGraphics && refused.deviceAttributes == [1, 2] && refused.cellSize == nil)
  }

  @Test("TRM-45 the probe asks for 1,024 sixel colour registers and reads how many it got; a refusal is none")
  func colourRegisters() {
    #expect(TerminalProbe.query.contains("\u{1B}[?1;3;1024S"))
    #expect(TerminalProbe.query.hasSuffix("\u{1B}[c"), "the device attributes stay last: their answer ends the wait")
    var given = TerminalAnswers()
    for byte in Array("\u{1B}[?1;0;1024S\u{1B}[?63;4c".utf8) { given.read([byte]) }
    #expect(given.colourRegisters == 1024 && given.isComplete)
    var clamped = TerminalAnswers()
    clamped.read(Array("\u{1B}[?1;0;256S".utf8))
    #expect(clamped.colourRegisters == 256)
    for refusal in ["\u{1B}[?1;3;0S", "\u{1B}[?1;2S", "\u{1B}[?2;0;1024S", "\u{1B}[?1;0;0S", "\u{1B}[?1;0;xS"] {
      var refused = TerminalAnswers()
      refused.read(Array(refusal.utf8))
      #expect(refused.colourRegisters == nil, "\(refusal.debugDescription)")
    }
  }

  @Test(
    "TRM-28 a fake terminal's answers decide: sixel from attribute 4, kitty from its graphics answer",
    arguments: [
      ("\u{1B}[6;20;10t\u{1B}[?63;1;4c", TerminalGraphics.sixel), ("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c", .kitty),
      ("\u{1B}[?1;2c", .blocks),
    ])
  func fakeTerminal(answer: String, graphics: TerminalGraphics) async {
    let (input, terminal) = AsyncStream.makeStream(of: [UInt8].self)
    let asked = Mutex<[String]>([])
    let answers = await TerminalProbe.answers(
      write: { query in
        asked.withLock { $0.append(query) }
        for byte in answer.utf8 { terminal.yield([byte]) }
      }, input: input, clock: DecidedClock(fires: false), timeout: .seconds(1))
    #expect(
      asked.withLock { $0 } == ["\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[?1;3;1024S\u{1B}[c"])
    #expect(answers.isComplete)
    #expect(TerminalGraphics(environment: ["TERM": "xterm-256color"], answers: answers) == graphics)
  }

  @Test("TRM-28 a terminal that answers nothing times out on the injected clock: the environment decides")
  func noAnswer() async {
    let (input, _) = AsyncStream.makeStream(of: [UInt8].self)
    let answers = await TerminalProbe.answers(
      write: { _ in }, input: input, clock: DecidedClock(fires: true), timeout: .milliseconds(300))
    #expect(answers == TerminalAnswers())
    #expect(TerminalGraphics(environment: ["TERM": "xterm-256color"], answers: answers) == .blocks)
    #expect(TerminalGraphics(environment: ["TERM": "foot"], answers: answers) == .sixel)
  }
}
