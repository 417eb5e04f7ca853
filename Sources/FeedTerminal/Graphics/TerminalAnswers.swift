/// What a terminal answered to ``TerminalProbe``'s queries, read from the bytes it sent on standard input.
///
/// Answers are escape sequences: primary device attributes `ESC [ ? 6 2 ; 4 c` (attribute 4: sixel), kitty's
/// graphics answer `ESC _ G i=31;OK ESC \`, the cell size in pixels `ESC [ 6 ; height ; width t`, the number of sixel
/// colour registers `ESC [ ? 1 ; 0 ; registers S` (xterm's XTSMGRAPHICS). Anything else (keys typed meanwhile,
/// answers to other queries, a graphics attribute refused) is skipped.
public struct TerminalAnswers: Hashable, Sendable {
  /// The primary device attributes' parameters, once they arrived.
  public private(set) var deviceAttributes: [Int]?
  /// Whether kitty's graphics query (image id 31) was answered `OK`.
  public private(set) var kittyGraphics = false
  /// A character cell's size in pixels, when the terminal told it.
  public private(set) var cellSize: CellSize?
  /// How many sixel colour registers the terminal holds, when it told it (after ``TerminalProbe``'s request for
  /// 1,024).
  public private(set) var colourRegisters: Int?
  private var unread: [UInt8] = []

  /// No answers yet.
  public init() {}

  /// Whether the last answer asked for arrived: every terminal answers the primary device attributes, and it is
  /// asked last, so the answers to the queries before it are in.
  public var isComplete: Bool { deviceAttributes != nil }

  /// Reads `bytes`, the next bytes from the terminal; an answer split across reads is read once it is whole.
  public mutating func read(_ bytes: some Sequence<UInt8>) {
    unread += bytes
    var index = 0
    while let start = unread[index...].firstIndex(of: 0x1B) {
      guard let end = answerEnd(from: start) else {
        index = start
        break
      }
      take(Array(unread[start..<end]))
      index = end
    }
    unread.removeFirst(min(index, unread.count))
    if unread.count > 4_096 { unread = [] }  // no answer is this long: garbage
  }

  /// Where the escape sequence at `start` ends (one past it); `nil` while it is incomplete.
  private func answerEnd(from start: Int) -> Int? {
    guard start + 1 < unread.count else { return nil }
    switch unread[start + 1] {
    case UInt8(ascii: "["):
      guard let final = unread[(start + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) }) else { return nil }
      return final + 1
    case UInt8(ascii: "_"):
      var at = start + 2
      while at + 1 < unread.count {
        if unread[at] == 0x1B, unread[at + 1] == UInt8(ascii: "\\") { return at + 2 }
        at += 1
      }
      return nil
    default: return start + 1
    }
  }

  private mutating func take(_ sequence: [UInt8]) {
    guard sequence.count > 2 else { return }
    let body = String(decoding: sequence.dropFirst(2), as: UTF8.self)
    if sequence[1] == UInt8(ascii: "_") {
      kittyGraphics = kittyGraphics || (body.hasPrefix("Gi=31;") && body.contains(";OK"))
    } else if body.hasPrefix("?"), body.hasSuffix("c") {
      deviceAttributes = Self.numbers(body.dropFirst().dropLast())
    } else if body.hasPrefix("?1;"), body.hasSuffix("S"), let numbers = Self.numbers(body.dropFirst().dropLast()),
      numbers.count == 3, numbers[1] == 0, numbers[2] > 0
    {
      colourRegisters = numbers[2]
    } else if body.hasSuffix("t"), let numbers = Self.numbers(body.dropLast()), numbers.count == 3,
      numbers[0] == 6, numbers[1] > 0, numbers[2] > 0
    {
      cellSize = CellSize(width: numbers[2], height: numbers[1])
    }
  }

  private static func numbers(_ text: Substring) -> [Int]? {
    let numbers = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    return numbers.allSatisfy { $0 != nil } ? numbers.compactMap { $0 } : nil
  }
}

/// A character cell's size in pixels.
public struct CellSize: Hashable, Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int

  /// A cell `width` × `height` pixels (at least 1 × 1).
  public init(width: Int, height: Int) {
    (self.width, self.height) = (max(1, width), max(1, height))
  }

  /// The usual cell when the terminal does not say: 10 × 20 pixels.
  public static let usual = CellSize(width: 10, height: 20)
}
