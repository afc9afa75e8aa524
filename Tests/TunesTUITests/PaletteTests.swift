import ITunesCatalog
import TerminalUI
import Testing
import TunesFeatures

@testable import TunesTUI

@Suite("Palette")
struct PaletteTests {
  /// The backgrounds a palette's "terminal default" stands for: xterm's white for light; pure
  /// black and a typical dark theme's near-black for dark.
  static func defaultBackgrounds(_ appearance: Palette.Appearance) -> [(UInt8, UInt8, UInt8)] {
    switch appearance {
    case .light: return [(255, 255, 255)]
    case .dark: return [(0, 0, 0), (30, 30, 30)]
    }
  }

  static let palettes: [String: Palette] = ["dark": .dark, "light": .light, "light16": .light16]

  static let kinds: [ItemKind] = [
    .song, .album, .artist, .featureMovie, .musicVideo, .tvEpisode, .tvSeason, .podcast,
    .podcastEpisode, .audiobook, .ebook, .software, .macSoftware, .other("coached-audio"),
  ]

  static func luminance(_ color: Color, at depth: ColorDepth) -> Double? {
    guard let shown = color.downgraded(to: depth), let (r, g, b) = shown.xtermRGB else {
      return nil
    }
    return Color.relativeLuminance(r, g, b)
  }

  @Test(
    "every foreground of every palette reads on the background it is drawn on, at every depth",
    arguments: [
      ("dark", ColorDepth.truecolor), ("dark", .ansi256), ("light", .truecolor),
      ("light", .ansi256), ("light16", .ansi16),
    ])
  func contrast(name: String, depth: ColorDepth) throws {
    let palette = try #require(Self.palettes[name])
    var checked = 0
    for usage in palette.usages {
      let foreground = try #require(Self.luminance(usage.foreground, at: depth), "\(usage.role)")
      let backgrounds: [Double]
      if let background = usage.background {
        backgrounds = [try #require(Self.luminance(background, at: depth))]
      } else {
        backgrounds = Self.defaultBackgrounds(palette.appearance).map {
          Color.relativeLuminance($0.0, $0.1, $0.2)
        }
      }
      for background in backgrounds {
        let ratio = Color.contrastRatio(luminance: foreground, background)
        #expect(
          ratio >= usage.minimum,
          "\(palette.appearance) \(depth) \(usage.role): \(ratio) < \(usage.minimum)")
        checked += 1
      }
    }
    #expect(checked >= 25)
  }

  @Test("every kind's badge and every colour field of the palette is among the usages checked")
  func usagesCoverThePalette() {
    for palette in [Palette.dark, .light, .light16] {
      let used = Set(palette.usages.map(\.foreground))
      for kind in Self.kinds { #expect(used.contains(palette.badge(for: kind))) }
      let mirror = Mirror(reflecting: palette)
      for child in mirror.children {
        guard let color = child.value as? Color else { continue }
        let asBackground = palette.usages.contains { $0.background == color }
        #expect(used.contains(color) || asBackground, "\(child.label ?? "?") is not checked")
      }
    }
  }

  @Test("the contrast ratio follows WCAG: black on white is 21, a colour on itself 1")
  func wcag() {
    let white = Color.relativeLuminance(255, 255, 255)
    let black = Color.relativeLuminance(0, 0, 0)
    #expect(abs(white - 1) < 1e-9)
    #expect(black == 0)
    #expect(abs(Color.contrastRatio(luminance: white, black) - 21) < 1e-6)
    // #777777 on white is the well-known 4.48.
    let grey = Color.relativeLuminance(0x77, 0x77, 0x77)
    #expect(abs(Color.contrastRatio(luminance: grey, white) - 4.48) < 0.01)
  }

  @Test(
    "the appearance: the config key first, then the terminal's background, then COLORFGBG",
    arguments: [
      ("light", nil, [:], Palette.Appearance.light),
      ("DARK", Color.rgb(255, 255, 255), [:], .dark),
      ("auto", .rgb(255, 255, 255), [:], .light),
      (nil, .rgb(253, 246, 227), [:], .light),
      (nil, .rgb(40, 42, 54), ["COLORFGBG": "0;15"], .dark),
      (nil, .rgb(128, 128, 128), [:], .dark),
      (nil, nil, ["COLORFGBG": "0;15"], .light),
      (nil, nil, ["COLORFGBG": "15;default;0"], .dark),
      (nil, nil, ["COLORFGBG": "0;7"], .light),
      (nil, nil, ["COLORFGBG": "nonsense"], .dark),
      (nil, nil, [:], .dark),
    ] as [(String?, Color?, [String: String], Palette.Appearance)])
  func appearance(
    request: String?, background: Color?, environment: [String: String],
    expected: Palette.Appearance
  ) {
    let (appearance, reason) = Palette.Appearance.choose(
      request: request, background: background, environment: environment)
    #expect(appearance == expected)
    #expect(!reason.isEmpty)
  }

  @Test("a light palette draws kind badges in its own colours, and only inside withValue")
  func drawsWithThePaletteInForce() {
    #expect(Theme.badgeColor(for: .ebook) == Palette.dark.book)
    Theme.$palette.withValue(.light) {
      #expect(Theme.badgeColor(for: .ebook) == Palette.light.book)
      #expect(Theme.selected.background == Palette.light.selectionBackground)
    }
    #expect(Palette.for(.light, depth: .ansi16) == .light16)
    #expect(Palette.for(.light, depth: .ansi256) == .light)
    #expect(Palette.for(.dark, depth: .ansi16) == .dark)
  }
}
