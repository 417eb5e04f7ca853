import FeedDemoServer
import FeedImages
import FeedTerminal
import Foundation
import Testing

@Suite("Terminal: keys, screen grid, frames, greymaps")
struct TerminalTests {
  @Test("TRM-1 keys: arrows, PgUp/PgDn, Home/End in every form terminals send, Enter, Escape, Control-C, UTF-8")
  func keys() {
    var decoder = KeyDecoder()
    let bytes = Array("\u{1B}[A\u{1B}[B\u{1B}OA\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[1~\u{1B}OH\u{1B}[F\u{1B}[4~\r".utf8)
    #expect(
      decoder.decode(bytes) == [.up, .down, .up, .pageUp, .pageDown, .home, .home, .home, .end, .end, .enter])
    #expect(
      decoder.decode(Array("q/é\u{7F}\u{03}\n".utf8)) == [
        .character("q"), .character("/"), .character("é"), .backspace, .interrupt, .enter,
      ])
    #expect(decoder.decode([0x1B]) == [.escape])
    #expect(decoder.decode([0x1B, UInt8(ascii: "q")]) == [.escape, .character("q")])
  }

  @Test("TRM-1 a sequence split across reads waits for its end; unknown sequences and stray bytes are skipped")
  func splitAndUnknown() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[".utf8)).isEmpty)
    #expect(decoder.decode(Array("6~".utf8)) == [.pageDown])
    #expect(decoder.decode(Array("\u{1B}[99Z\u{1B}[200~x".utf8)) == [.character("x")])
    #expect(decoder.decode([0xE2, 0x82]).isEmpty)
    #expect(decoder.decode([0xAC]) == [.character("€")])
    #expect(decoder.decode([0x80, 0xFF, 0x01, UInt8(ascii: "a")]) == [.character("a")])
    let long = "\u{1B}[" + String(repeating: "1", count: 40)
    #expect(decoder.decode(Array(long.utf8)).isEmpty)
    #expect(decoder.decode(Array("b".utf8)) == [.character("b")])  // the garbage was dropped, not kept forever
  }

  @Test("TRM-2 a greymap decodes: binary and plain, 8 and 16 bits, with comments; the demo server's images")
  func greymaps() throws {
    let binary = try #require(Greymap(decoding: Array("P5\n# a comment\n2 2\n255\n".utf8) + [0, 64, 128, 255]))
    #expect(binary.width == 2 && binary.height == 2 && binary.pixels == [0, 64, 128, 255])
    let plain = try #require(Greymap(decoding: Array("P2 3 1 15  0 15 5".utf8)))
    #expect(plain.pixels == [0, 255, 85])
    let wide = try #require(Greymap(decoding: Array("P5 1 2 65535\n".utf8) + [0xFF, 0xFF, 0x80, 0x00]))
    #expect(wide.pixels == [255, 128])
    for index in [0, 5, 999] {
      let image = try #require(Greymap(decoding: DemoFeed.imageData(for: DemoFeed.item(at: index).id)))
      #expect(image.width >= 32 && image.height >= 24)
    }
  }

  @Test(
    "TRM-2 a greymap whose sizes the data does not hold is refused, never read past",
    arguments: [
      "P5 2 2 255\n\u{0}\u{0}\u{0}", "P5 2049 1 255\n", "P5 0 1 255\n", "P5 2 2 0\n\u{0}\u{0}\u{0}\u{0}",
      "P5 1 1 65536\n\u{0}\u{0}", "P2 2 1 10 3 11", "P2 2 1 10 3", "P6 1 1 255\n\u{0}\u{0}\u{0}", "",
      "P5 99999999999 1 255\n", "P5 1 1 255", "P5 3000 3000 255\n", "GIF89a",
    ])
  func badGreymaps(text: String) {
    #expect(Greymap(decoding: Array(text.utf8)) == nil)
  }

  @Test("TRM-2 every prefix and single-byte change of a demo image decodes or is refused, and never traps")
  func mutatedGreymaps() {
    let image = Array(DemoFeed.imageData(for: DemoFeed.item(at: 3).id))
    var generator = SystemRandomNumberGenerator()
    var decoded = 0
    for length in 0..<40 { decoded += Greymap(decoding: image.prefix(length)) == nil ? 0 : 1 }
    for _ in 0..<500 {
      var mutated = image
      mutated[Int.random(in: 0..<20, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
      if let greymap = Greymap(decoding: mutated) { #expect(greymap.pixels.count == greymap.width * greymap.height) }
    }
    #expect(decoded == 0)
  }

  @Test("TRM-3 a thumbnail averages the picture into half blocks: upper pixel in front, lower behind")
  func thumbnail() throws {
    let image = try #require(Greymap(decoding: Array("P5 2 4 255\n".utf8) + [0, 0, 255, 255, 100, 200, 50, 50]))
    let thumbnail = Thumbnail(image, columns: 1, rows: 1)
    #expect(thumbnail.pixels == [127, 127, 127, 100, 100, 100])
    var grid = ScreenGrid(width: 3, height: 2)
    Thumbnail(image, columns: 2, rows: 2).draw(into: &grid, row: 0, column: 1)
    #expect(grid.line(0) == " ▀▀")
    #expect(grid[0, 1].style == Style(foreground: .grey(0), background: .grey(255)))
    #expect(grid[1, 2].style == Style(foreground: .grey(200), background: .grey(50)))
  }

  @Test("TRM-3 text is clipped to the grid; control characters never reach the terminal; wide characters take two")
  func grid() {
    var grid = ScreenGrid(width: 8, height: 2)
    #expect(grid.write("abc\u{1B}[2Jdef", row: 0, column: 0) == 8)
    #expect(grid.line(0) == "abc�[2Jd")
    grid.write("京都x", row: 1, column: 3)
    #expect(grid.line(1) == "   京都x")
    grid.write("京都", row: 1, column: 5)
    #expect(grid.line(1) == "   京京x")
    var formats = ScreenGrid(width: 8, height: 1)
    formats.write("a\u{200B}b\u{202E}c☀️d", row: 0, column: 0)
    #expect(formats.line(0) == "a�b�c☀️d")  // the sun with its emoji selector takes two columns
    #expect(formats[0, 6].isContinuation)
    #expect(!ANSIFrame.frame(grid, previous: nil).contains("\u{1B}[2Jd"))
  }

  @Test("TRM-4 a frame redraws the whole screen first, then only the rows that changed, and nothing when none did")
  func frames() {
    var grid = ScreenGrid(width: 4, height: 3)
    grid.write("one", row: 0, column: 0)
    let first = ANSIFrame.frame(grid, previous: nil)
    #expect(first.hasPrefix("\u{1B}[0m\u{1B}[2J") && first.contains("\u{1B}[3;1H"))
    var next = grid
    next.write("two", row: 2, column: 0, style: Style(foreground: .accent, bold: true))
    let update = ANSIFrame.frame(next, previous: grid)
    #expect(update == "\u{1B}[3;1H\u{1B}[0;1;38;5;39mtwo\u{1B}[0m \u{1B}[0m")
    #expect(ANSIFrame.frame(next, previous: next).isEmpty)
    #expect(ANSIFrame.frame(ScreenGrid(width: 5, height: 3), previous: next).contains("\u{1B}[2J"))
  }
}
