import ITunesCatalog

extension HelpText {
  static var charts: String {
    """
    Usage: tunes charts [CHART] [options]

    Apple's charts for a storefront, in chart order (songs when no chart is named). Entries carry
    ids, names, artists and genres; `tunes lookup ID` gives the rest. Charts:
      \(ChartKind.allCases.map(\.rawValue).joined(separator: ", ")),
      \(ChartsCommand.legacyCharts.map(\.name).joined(separator: ", ")) (Apple's legacy feeds,
      the charts the app's genres open; --genre takes a genre of that medium)

    \(options(ChartsCommand.parser))
    Examples:
      tunes charts albums --country gb --limit 10
      tunes charts songs --genre 21 --format json | jq '.[].title'
      tunes charts free-apps --format csv > apps.csv
      tunes charts movies --country gb --limit 10

    """
  }

  static var genres: String {
    """
    Usage: tunes genres [MEDIUM|ID] [options]

    A medium's genres as a tree, with the charts each one has. Without a medium, the media and
    their top genre ids: \(GenreQuery.media.map { "\($0.name) \($0.id)" }.joined(separator: ", ")).

    \(options(GenresCommand.parser))
    Examples:
      tunes genres music --depth 1
      tunes genres podcasts --format json
      tunes charts songs --genre 21

    """
  }
}
