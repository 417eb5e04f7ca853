/// What the grid shows of a character, and how wide.
extension ScreenGrid {
  /// Control characters, and format characters (zero-width spaces, bidirectional overrides) that would move what
  /// follows on the screen: ``TerminalText``'s rule, the one every text sink of the app uses.
  static func isControl(_ character: Character) -> Bool {
    TerminalText.isUnsafe(character)
  }

  /// How many columns a terminal gives `character`: two for East Asian wide and emoji presentation, else one.
  static func columns(of character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 1 }
    let value = scalar.value
    let wide: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]
    let emoji = scalar.properties.isEmojiPresentation || character.unicodeScalars.contains { $0.value == 0xFE0F }
    return wide.contains { $0.contains(value) } || emoji ? 2 : 1
  }
}
