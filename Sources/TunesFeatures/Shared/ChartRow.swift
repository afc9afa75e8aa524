import ITunesCatalog

/// One chart's row of tiles, on the home screen (`ChartKind`) or a genre's charts
/// (`GenreChart`): its entries, the selected tile, and the load an answer must match.
public struct ChartRow<Chart: Equatable & Sendable>: Equatable, Sendable {
  /// Which chart.
  public var chart: Chart
  /// The chart's entries.
  public var items: Loadable<[CatalogItem]>
  /// The selected tile's index.
  public var selection: Int
  /// Entries of the feed that could not be read (no id or name).
  public var skipped: Int
  /// The row's load; an answer to an earlier one is dropped.
  public var generation: Int

  /// Makes a row.
  public init(
    chart: Chart, items: Loadable<[CatalogItem]> = .idle, selection: Int = 0,
    skipped: Int = 0, generation: Int = 0
  ) {
    self.chart = chart
    self.items = items
    self.selection = selection
    self.skipped = skipped
    self.generation = generation
  }

  /// The selected entry, if any.
  public var selectedItem: CatalogItem? {
    guard let items = items.value, items.indices.contains(selection) else { return nil }
    return items[selection]
  }
}
