/// A colour a terminal draws: one of the 256-colour palette, or a 24-bit colour.
public struct Colour: Hashable, Sendable {
  /// Which colour, as the terminal is told.
  public enum Value: Hashable, Sendable {
    /// The palette colour at this index (`ESC [ 38;5;N m`).
    case palette(UInt8)
    /// A 24-bit colour (`ESC [ 38;2;R;G;B m`), for terminals that say they draw them (`COLORTERM=truecolor`).
    case rgb(red: UInt8, green: UInt8, blue: UInt8)
  }

  /// Which colour.
  public let value: Value

  /// The palette colour at `index`.
  public init(index: UInt8) {
    value = .palette(index)
  }

  /// The 24-bit colour `red`, `green`, `blue`.
  public static func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Colour {
    Colour(value: .rgb(red: red, green: green, blue: blue))
  }

  private init(value: Value) {
    self.value = value
  }

  /// The palette's closest grey to `luminance` (0 black … 255 white): its 24-step grey ramp, and black and white.
  public static func grey(_ luminance: UInt8) -> Colour {
    switch luminance {
    case 0..<4: Colour(index: 16)
    case 247...: Colour(index: 231)
    default: Colour(index: 232 + UInt8(min(23, (Int(luminance) - 3) / 10)))
    }
  }

  /// The palette's closest colour to `red`, `green`, `blue`, its hue kept: a coloured pixel gets the cube's colour
  /// nearest in hue (a dark brown stays brown), a grey one the grey ramp's or cube's nearest (`PaletteMatch`).
  public static func cube(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Colour {
    Colour(index: PaletteMatch.index(red, green, blue))
  }

  /// Highlights: the selection, comment authors.
  public static let accent = Colour(index: 39)
  /// Secondary text: locations, hints.
  public static let dim = Colour(index: 244)
  /// Errors and retries.
  public static let warning = Colour(index: 208)
  /// The like marker.
  public static let liked = Colour(index: 204)

  /// The perceived brightness of `red`, `green`, `blue` (ITU-R BT.601 weights), 0…255.
  static func luminance(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
    let weighted: Int = Int(red) * 299 + Int(green) * 587 + Int(blue) * 114
    return weighted / 1_000
  }
}

/// How many colours pictures are drawn with: what the terminal says it supports, or what the customer chose.
public enum ColourDepth: String, CaseIterable, Sendable {
  /// 24-bit colour, for terminals that say so (`COLORTERM=truecolor` or `24bit`).
  case trueColour = "24bit"
  /// The 256-colour palette's colour cube and grey ramp.
  case palette = "256"
  /// The palette's greys only.
  case grey

  /// What the environment says the terminal draws: 24-bit with `COLORTERM=truecolor|24bit` or a `TERM` of direct
  /// colour (`xterm-direct`), the 256-colour palette when `TERM` names 256 colours, else greys.
  public init(environment: [String: String]) {
    let colourTerm = environment["COLORTERM"]?.lowercased()
    if colourTerm == "truecolor" || colourTerm == "24bit" || environment["TERM"]?.hasSuffix("-direct") == true {
      self = .trueColour
    } else if environment["TERM"]?.contains("256") == true {
      self = .palette
    } else {
      self = .grey
    }
  }

  /// The colour a pixel is drawn in.
  public func colour(red: UInt8, green: UInt8, blue: UInt8) -> Colour {
    switch self {
    case .trueColour: .rgb(red, green, blue)
    case .palette: .cube(red, green, blue)
    case .grey: .grey(UInt8(Colour.luminance(red, green, blue)))
    }
  }
}
