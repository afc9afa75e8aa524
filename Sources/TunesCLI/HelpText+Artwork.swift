extension HelpText {
  static var artwork: String {
    """
    Usage: tunes artwork ID [--size N] [-o FILE] [--show] [options]

    Look the item up and fetch its artwork at N pixels a side (default 600), up to Apple's
    largest, 3000: Apple's artwork URLs name the size (…/100x100bb.jpg), and the picture comes
    as Apple serves it (JPEG, some PNG), not re-encoded. It goes to FILE with -o, else to
    standard output, which must not be a terminal (a pipe or a redirect: > cover.jpg). --show
    draws it in the terminal (kitty, sixel or iTerm2 images where the terminal has them, else
    coloured symbols; --images picks one), at most 80 columns wide; with -o it is written and
    shown. TUNES_MEDIA_BASE=URL fetches artwork from another host (the replay server).

    \(options(ArtworkCommand.parser))
    Exit codes: as for lookup; 64 for a size outside 1–3000, or a picture that would go to a
    terminal; 65 when the item has no artwork (or none at that size) or the answer is not a
    picture; 73 when FILE cannot be written.

    Examples:
      tunes artwork 1440857781 --size 3000 -o cover.jpg
      tunes artwork 1440857781 > cover.jpg
      tunes artwork 1440857781 --show

    """
  }
}
