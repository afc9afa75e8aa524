import ITunesCatalog
import TerminalUI

/// The app's palette and text styles, in one place so every screen looks alike.
///
/// Colours are 24-bit; the `DiffRenderer` downgrades them to 256 or 16 colours (or none) for
/// the terminal at hand. Nothing relies on colour alone: the selection also gets a bar, the
/// focused box a heavier border, the highlighted match an underline.
public enum Theme {
  /// The accent: Apple Music's red (bright red on 16-colour terminals).
  public static let accent = Color.rgb(250, 45, 85)
  /// Secondary text (grey).
  public static let muted = Color.rgb(140, 140, 150)
  /// Borders and rules.
  public static let line = Color.rgb(88, 88, 100)
  /// The background of the selected tile or row.
  public static let selectionBackground = Color.rgb(44, 46, 56)
  /// The status bar's background.
  public static let barBackground = Color.rgb(30, 30, 38)
  /// The status bar's text.
  public static let barText = Color.rgb(200, 200, 210)
  /// Favourite stars and warnings.
  public static let star = Color.rgb(255, 200, 60)
  /// Errors.
  public static let error = Color.rgb(255, 95, 95)
  /// Links.
  public static let link = Color.rgb(90, 170, 255)

  /// Plain text.
  public static let text = Style.plain
  /// Titles.
  public static let title = Style.plain.bold
  /// Secondary text.
  public static let secondary = Style.plain.fg(muted)
  /// Section headings.
  public static let heading = Style.plain.fg(accent).bold
  /// Borders of unfocused boxes and rules.
  public static let border = Style.plain.fg(line)
  /// Borders of the focused box.
  public static let focusedBorder = Style.plain.fg(accent)
  /// Key names in help and hints.
  public static let key = Style.plain.bold
  /// Labels in fact tables.
  public static let label = Style.plain.fg(muted)
  /// Error titles.
  public static let errorTitle = Style.plain.fg(error).bold
  /// The status bar.
  public static let bar = Style.plain.fg(barText).bg(barBackground)

  /// A link's style: underlined, coloured, and an OSC 8 hyperlink to `url`.
  public static func link(_ url: String?) -> Style {
    Style.plain.fg(link).underline.linked(to: url)
  }

  /// The colour of a kind's badge: music red, video blue, podcasts purple, apps cyan,
  /// books orange.
  public static func badgeColor(for kind: ItemKind) -> Color {
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
  public static func badge(for kind: ItemKind) -> Style {
    Style.plain.fg(badgeColor(for: kind)).bold
  }
}
