import ITunesCatalog
import TerminalUI

/// The app's palette and text styles, in one place so every screen looks alike.
///
/// The colours come from the ``Palette`` in force (``palette``, dark unless the program loop
/// draws with another: the terminal's background decides, see `Palette.Appearance.choose`).
/// Colours are 24-bit; the `DiffRenderer` downgrades them to 256 or 16 colours (or none) for
/// the terminal at hand. Nothing relies on colour alone: the selection also gets a bar, the
/// focused box a heavier border, the highlighted match an underline.
package enum Theme {
  /// The palette screens draw with: set around a render (`Theme.$palette.withValue(.light)`);
  /// a task-local value, so tests drawing in parallel with different palettes never meet.
  @TaskLocal package static var palette: Palette = .dark

  /// The accent: Apple Music's red.
  package static var accent: Color { palette.accent }
  /// Secondary text (grey).
  package static var muted: Color { palette.muted }
  /// Borders and rules.
  package static var line: Color { palette.line }
  /// The background of the selected tile or row.
  package static var selectionBackground: Color { palette.selectionBackground }
  /// Text on the selection's background: set explicitly, so a light-background terminal's
  /// default (black) text never lands on the dark selection.
  package static var selectionText: Color { palette.selectionText }
  /// The status bar's background.
  package static var barBackground: Color { palette.barBackground }
  /// The status bar's text.
  package static var barText: Color { palette.barText }
  /// Favourite stars and warnings.
  package static var star: Color { palette.star }
  /// Errors.
  package static var error: Color { palette.error }
  /// Links.
  package static var link: Color { palette.link }

  /// Plain text.
  package static var text: Style { Style.plain }
  /// Titles.
  package static var title: Style { Style.plain.bold }
  /// Secondary text.
  package static var secondary: Style { Style.plain.fg(muted) }
  /// Section headings.
  package static var heading: Style { Style.plain.fg(accent).bold }
  /// Borders of unfocused boxes and rules.
  package static var border: Style { Style.plain.fg(line) }
  /// Borders of the focused box.
  package static var focusedBorder: Style { Style.plain.fg(accent) }
  /// Key names in help and hints.
  package static var key: Style { Style.plain.bold }
  /// Labels in fact tables.
  package static var label: Style { Style.plain.fg(muted) }
  /// Error titles.
  package static var errorTitle: Style { Style.plain.fg(error).bold }
  /// The selected tile, row or field: an explicit background always with an explicit text
  /// colour.
  package static var selected: Style { Style.plain.fg(selectionText).bg(selectionBackground) }
  /// The status bar.
  package static var bar: Style { Style.plain.fg(barText).bg(barBackground) }

  /// A link's style: underlined, coloured, and an OSC 8 hyperlink to `url` when it is an
  /// http(s) URL (`URLText.web(_:)`; decoding already drops the others, this is the last check).
  package static func link(_ url: String?) -> Style {
    Style.plain.fg(link).underline.linked(to: URLText.web(url))
  }

  /// The colour of a kind's badge: music red, video blue, podcasts purple, apps cyan,
  /// books orange.
  package static func badgeColor(for kind: ItemKind) -> Color {
    palette.badge(for: kind)
  }

  /// The badge style of a kind.
  package static func badge(for kind: ItemKind) -> Style {
    Style.plain.fg(badgeColor(for: kind)).bold
  }
}
