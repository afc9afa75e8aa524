import ITunesCatalog
import TerminalUI

/// The colours of one appearance: every colour the screens use, chosen to read on the
/// background the terminal has (dark or light).
///
/// Each palette lists where its colours are drawn (``usages``), and a test checks every one
/// of them: a contrast ratio of at least 4.5 for text, 3 for decorative marks (rules, the
/// selection bar), against the background they land on.
package struct Palette: Sendable, Equatable {
  /// Whether the terminal's background is dark or light.
  package enum Appearance: String, Sendable, CaseIterable {
    /// Light text on a dark background.
    case dark
    /// Dark text on a light background (xterm's default, many desktop terminals' light themes).
    case light
  }

  /// The appearance this palette is for.
  package var appearance: Appearance
  /// The accent: Apple Music's red.
  package var accent: Color
  /// Secondary text.
  package var muted: Color
  /// Borders and rules.
  package var line: Color
  /// The background of the selected tile or row.
  package var selectionBackground: Color
  /// Text on the selection's background.
  package var selectionText: Color
  /// The status bar's background.
  package var barBackground: Color
  /// The status bar's text.
  package var barText: Color
  /// Favourite stars and warnings.
  package var star: Color
  /// Errors.
  package var error: Color
  /// Links.
  package var link: Color
  /// The badge of songs, albums and artists (the accent, lighter where the accent would not
  /// read on the selection).
  package var music: Color
  /// The badge of films, music videos and TV.
  package var video: Color
  /// The badge of podcasts and episodes.
  package var podcast: Color
  /// The badge of apps.
  package var app: Color
  /// The badge of books and audiobooks.
  package var book: Color

  /// Dark backgrounds (the default when the terminal does not say).
  package static let dark = Palette(
    appearance: .dark, accent: .rgb(255, 60, 98), muted: .rgb(155, 155, 165),
    line: .rgb(110, 110, 122), selectionBackground: .rgb(44, 46, 56),
    selectionText: .rgb(235, 235, 240), barBackground: .rgb(30, 30, 38),
    barText: .rgb(200, 200, 210), star: .rgb(255, 200, 60), error: .rgb(255, 110, 110),
    link: .rgb(90, 170, 255), music: .rgb(255, 100, 130), video: .rgb(110, 160, 255),
    podcast: .rgb(190, 130, 255),
    app: .rgb(60, 200, 230), book: .rgb(255, 160, 50))

  /// Light backgrounds: deeper colours of the same hues (no yellow or light cyan on white).
  package static let light = Palette(
    appearance: .light, accent: .rgb(192, 19, 58), muted: .rgb(95, 95, 105),
    line: .rgb(135, 135, 145), selectionBackground: .rgb(218, 226, 242),
    selectionText: .rgb(20, 20, 30), barBackground: .rgb(228, 228, 234),
    barText: .rgb(30, 30, 40), star: .rgb(112, 72, 0), error: .rgb(190, 30, 30),
    link: .rgb(19, 86, 192), music: .rgb(192, 19, 58), video: .rgb(19, 86, 192),
    podcast: .rgb(122, 47, 188),
    app: .rgb(0, 105, 125), book: .rgb(140, 62, 0))

  /// Light backgrounds with only the 16 ANSI colours: the nearest of those to the light
  /// palette would be unreadable (a deep teal becomes grey, an amber yellow), so the colours
  /// are named ones. With xterm's values only red, blue and black read on both white and the
  /// light grey of the selection and the bar, so the kinds share them (the badge names the
  /// kind; colour is never the only sign).
  package static let light16 = Palette(
    appearance: .light, accent: .ansi(1), muted: .ansi(0), line: .ansi(8),
    selectionBackground: .ansi(7), selectionText: .ansi(0), barBackground: .ansi(7),
    barText: .ansi(0), star: .ansi(1), error: .ansi(1), link: .ansi(4), music: .ansi(1),
    video: .ansi(4), podcast: .ansi(4), app: .ansi(4), book: .ansi(0))

  /// The palette for `appearance` at a colour depth.
  package static func `for`(_ appearance: Appearance, depth: ColorDepth) -> Palette {
    switch (appearance, depth) {
    case (.dark, _): return .dark
    case (.light, .ansi16): return .light16
    case (.light, _): return .light
    }
  }

  /// The badge colour of a kind: music red, video blue, podcasts purple, apps cyan, books
  /// orange.
  package func badge(for kind: ItemKind) -> Color {
    switch kind {
    case .song, .album, .artist: return music
    case .featureMovie, .musicVideo, .tvEpisode, .tvSeason: return video
    case .podcast, .podcastEpisode: return podcast
    case .software, .macSoftware: return app
    case .audiobook, .ebook: return book
    case .other: return muted
    }
  }

  /// One place a colour is drawn: the foreground, the background it lands on (`nil`: the
  /// terminal's own), and whether it is text (4.5) or a decorative mark (3).
  package struct Usage: Sendable {
    /// What it is, for a failing test's message.
    package var role: String
    /// The colour drawn.
    package var foreground: Color
    /// The background under it; `nil` for the terminal's default.
    package var background: Color?
    /// The contrast it needs: 4.5 for text, 3 for large or decorative marks.
    package var minimum: Double
  }

  /// Every foreground the screens draw with this palette, on every background it is drawn on.
  package var usages: [Usage] {
    let text = 4.5
    let mark = 3.0
    var list: [Usage] = []
    func add(_ role: String, _ color: Color, on background: Color?, _ minimum: Double) {
      list.append(Usage(role: role, foreground: color, background: background, minimum: minimum))
    }
    let kinds: [(String, Color)] = [
      ("music", music), ("video", video), ("podcast", podcast), ("app", app), ("book", book),
    ]
    // On the terminal's background: headings, badges, facts, links, errors, stars.
    for (role, color) in [
      ("accent", accent), ("muted", muted), ("star", star), ("error", error), ("link", link),
    ] + kinds {
      add(role, color, on: nil, text)
    }
    add("line", line, on: nil, mark)
    // On a selected tile: its text, badge, facts and ★; the bar and play mark are marks.
    add("selection text", selectionText, on: selectionBackground, text)
    for (role, color) in kinds {
      add(role + " on the selection", color, on: selectionBackground, text)
    }
    add("muted on the selection", muted, on: selectionBackground, text)
    add("star on the selection", star, on: selectionBackground, mark)
    add("accent on the selection", accent, on: selectionBackground, mark)
    add("link on the selection", link, on: selectionBackground, text)
    // The status bar.
    add("bar text", barText, on: barBackground, text)
    add("muted on the bar", muted, on: barBackground, text)
    add("star on the bar", star, on: barBackground, text)
    add("accent on the bar", accent, on: barBackground, mark)
    return list
  }
}

extension Palette.Appearance {
  /// The appearance of a background colour: light when its relative luminance is over 0.4 (so
  /// mid greys count as dark, where light text still reads).
  package static func of(background: Color) -> Palette.Appearance? {
    guard let (r, g, b) = background.xtermRGB else { return nil }
    return Color.relativeLuminance(r, g, b) > 0.4 ? .light : .dark
  }

  /// The appearance `$COLORFGBG` gives (`"0;15"`, `"15;default;0"`: the last field is the
  /// background's ANSI number; 7 and 9–15 are light); `nil` when it says nothing usable.
  package static func of(colorFGBG: String?) -> Palette.Appearance? {
    guard let colorFGBG, let last = colorFGBG.split(separator: ";").last,
      let number = Int(last), (0...15).contains(number)
    else { return nil }
    return number == 7 || number >= 9 ? .light : .dark
  }

  /// What the person asked for (`"theme"`: `auto`, `light`, `dark`), else the terminal's
  /// answer to OSC 11, else `$COLORFGBG`, else dark; with the reason, for the log.
  package static func choose(
    request: String?, background: Color?, environment: [String: String]
  ) -> (appearance: Palette.Appearance, reason: String) {
    if let request, let asked = Palette.Appearance(rawValue: request.lowercased()) {
      return (asked, "the config key theme says \(asked.rawValue)")
    }
    if let background, let found = of(background: background), let rgb = background.xtermRGB {
      return (found, "the terminal's background is rgb(\(rgb.red),\(rgb.green),\(rgb.blue))")
    }
    if let found = of(colorFGBG: environment["COLORFGBG"]) {
      return (found, "COLORFGBG is \(environment["COLORFGBG"] ?? "")")
    }
    return (.dark, "the terminal did not say its background")
  }
}
