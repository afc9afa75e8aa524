import Foundation
import TerminalUI
import TunesFeatures

/// The bottom row: the preview that plays and the notice (or the active filters) on the left;
/// result count, source and limits on the right.
enum StatusBar {
  /// The widest a title gets in the now-playing part.
  static let nowPlayingTitleWidth = 24

  /// The left part: "offline" first when tunes answers from the cache only, then the preview
  /// that plays (on every screen), then the notice when there is one, else the active filters
  /// (left out while a preview plays: `f` shows them).
  static func left(_ app: AppState) -> [Span] {
    let notice = DisplayText.clean(app.notice)
    // With a notice to show, the now-playing part leaves out the queue's place and the artist.
    let lead =
      (app.offline ? [Span(" offline ", style: Theme.bar.fg(Theme.star).bold)] : [])
      + nowPlaying(app.playback, compact: notice != nil)
    if let notice {
      var spans =
        lead + [
          Span(" ● ", style: Theme.bar.fg(Theme.accent)), Span(notice, style: Theme.bar.bold),
        ]
      if let link = DisplayText.clean(app.noticeLink) {
        spans.append(Span(" " + link, style: Theme.link(link).patched(onto: Theme.bar)))
      }
      return spans
    }
    if app.playback.isActive { return lead }
    return lead + [
      Span(" filters ", style: Theme.bar.fg(Theme.muted)),
      Span(DisplayText.clean(app.filters.panelSummary) ?? "", style: Theme.bar),
    ]
  }

  /// The widest the artist gets in the now-playing part.
  static let nowPlayingArtistWidth = 18

  /// `▶ Better Together 0:12 / 0:30 · 3/12 · Jack Johnson` while a preview plays (`⏸` while
  /// paused; the queue's place when more than one item is queued), else nothing.
  static func nowPlaying(_ playback: PlaybackState, compact: Bool = false) -> [Span] {
    guard playback.isActive else { return [] }
    let mark = playback.isPaused ? "⏸" : "▶"
    let title = truncate(
      DisplayText.clean(playback.title) ?? "Preview", toWidth: nowPlayingTitleWidth)
    let times = playback.isLoading ? "loading…" : String(playback.progressText.dropFirst(2))
    var spans = [
      Span(" \(mark) ", style: Theme.bar.fg(Theme.accent).bold),
      Span(title, style: Theme.bar.bold),
      Span(" \(times)", style: Theme.bar),
    ]
    if compact { return spans }
    if let place = playback.queue.placeText {
      spans.append(Span(" · \(place)", style: Theme.bar.fg(Theme.muted)))
    }
    if let artist = DisplayText.clean(playback.artist) {
      spans.append(Span(" · ", style: Theme.bar.fg(Theme.muted)))
      spans.append(Span(truncate(artist, toWidth: nowPlayingArtistWidth), style: Theme.bar))
    }
    spans.append(Span(" ", style: Theme.bar))
    return spans
  }

  /// The right part on the search screen: count, source, "200 reached". The count belongs to
  /// the search that was answered: nothing is counted while another loads or after it failed.
  static func searchRight(_ search: SearchState) -> [Span] {
    var parts: [Span] = []
    if search.results.isLoading, !search.isLoadingMore {
      return [Span("searching… ", style: Theme.bar.fg(Theme.muted))]
    }
    guard let items = search.results.loadedValue, search.submitted != nil else { return [] }
    let shown = search.arranged(items).count
    parts.append(
      Span(
        shown == items.count
          ? FactText.count(items.count, "result")
          : "\(shown) of \(FactText.count(items.count, "result"))",
        style: Theme.bar))
    var arranged: [String] = []
    if let kind = search.kindShown { arranged.append("only \(groupedSectionTitle(for: kind))") }
    if search.order != .apple { arranged.append("by \(search.order.words)") }
    if !arranged.isEmpty {
      parts.append(
        Span(" · " + arranged.joined(separator: ", "), style: Theme.bar.fg(Theme.accent)))
    }
    switch search.source {
    case .cache(let fetchedAt, let stale)?:
      let text = "\(stale ? "stale cache" : "cache") from \(FactText.timestamp(fetchedAt))"
      parts.append(Span(" · ", style: Theme.bar.fg(Theme.muted)))
      parts.append(Span(text, style: Theme.bar.fg(stale ? Theme.star : Theme.barText)))
    case .network?:
      parts.append(Span(" · live", style: Theme.bar.fg(Theme.muted)))
    case nil:
      break
    }
    if search.reachedMaximum {
      parts.append(Span(" · ", style: Theme.bar.fg(Theme.muted)))
      parts.append(Span("200 is Apple's maximum", style: Theme.bar.fg(Theme.star)))
    }
    if !parts.isEmpty { parts.append(Span(" ", style: Theme.bar)) }
    return parts
  }

  /// Draws the bar. A link in the notice gets the whole row: the right part is left out so the
  /// link can be read and clicked in full.
  static func render(
    left: [Span], right: [Span], in area: Rect, buffer: inout Buffer, showsLink: Bool = false
  ) {
    StatusLine(left: left, right: showsLink ? [] : right, style: Theme.bar).render(
      in: area, buffer: &buffer)
  }
}
