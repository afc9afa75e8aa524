import ITunesCatalog
import TerminalUI

/// The app's palette and text styles, in one place so every screen looks alike.
///
/// Colours are 24-bit; the `DiffRenderer` downgrades them to 256 or 16 colours (or none) for
/// the terminal at hand. Nothing relies on colour alone: the selection also gets a bar, the
/// focused box a heavier border, the highlighted match an underline.
package enum Theme {
  /// The accent: Apple Music's red (bright red on 16-colour terminals).
  package static let accent = Color.rgb(250, 45, 85)
  /// Secondary text (grey).
  package static let muted = Color.rgb(140, 140, 150)
  /// Borders and rules.
  package static let line = Color.rgb(88, 88, 100)
  /// The background of the selected tile or row.
  package static let selectionBackground = Color.rgb(44, 46, 56)
  /// Text on the selection's background: set explicitly, so a light-background terminal's
  /// default (black) text never lands on the dark selection.
  package static let selectionText = Color.rgb(235, 235, 240)
  /// The status bar's background.
  package static let barBackground = Color.rgb(30, 30, 38)
  /// The status bar's text.
  package static let barText = Color.rgb(200, 200, 210)
  /// Favourite stars and warnings.
  package static let star = Color.rgb(255, 200, 60)
  /// Errors.
  package static let error = Color.rgb(255, 95, 95)
  /// Links.
  package static let link = Color.rgb(90, 170, 255)

  /// Plain text.
  package static let text = Style.plain
  /// Titles.
  package static let title = Style.plain.bold
  /// Secondary text.
  package static let secondary = Style.plain.fg(muted)
  /// Section headings.
  package static let heading = Style.plain.fg(accent).bold
  /// Borders of unfocused boxes and rules.
  package static let border = Style.plain.fg(line)
  /// Borders of the focused box.
  package static let focusedBorder = Style.plain.fg(accent)
  /// Key names in help and hints.
  package static let key = Style.plain.bold
  /// Labels in fact tables.
  package static let label = Style.plain.fg(muted)
  /// Error titles.
  package static let errorTitle = Style.plain.fg(error).bold
  /// The selected tile, row or field: an explicit background always with an explicit text
  /// colour.
  package static let selected = Style.plain.fg(selectionText).bg(selectionBackground)
  /// The status bar.
  package static let bar = Style.plain.fg(barText).bg(barBackground)

  /// A link's style: underlined, coloured, and an OSC 8 hyperlink to `url` when it is an
  /// http(s) URL (`URLText.web(_:)`; decoding already drops the others, this is the last check).
  package static func link(_ url: String?) -> Style {
    Style.plain.fg(link).underline.linked(to: URLText.web(url))
  }

  /// The colour of a kind's badge: music red, video blue, podcasts purple, apps cyan,
  /// books orange.
  package static func badgeColor(for kind: ItemKind) -> Color {
    switch kind {
    case .song, .album, .artist: return accent
    case .featureMovie, .musicVideo, .tvEpisode, .tvSeason: return Color.rgb(90, 150, 255)
    case .podcast, .podcastEpisode: return Color.rgb(175, 110, 255)
    case .software, .macSoftware: return Color.rgb(60, 200, 230)
    case .audiobook, .ebook: return Color.rgb(255, 160, 50)
    case .other: return muted
    }
  }

  /// The badge style of a kind.
  package static func badge(for kind: ItemKind) -> Style {
    Style.plain.fg(badgeColor(for: kind)).bold
  }
}
