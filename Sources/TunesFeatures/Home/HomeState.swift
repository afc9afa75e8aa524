import ITunesCatalog

/// The home screen: one row of tiles per chart, each loading and failing on its own.
public struct HomeState: Equatable, Sendable {
  /// The charts' rows, in the order shown.
  public var rows: [HomeRow]
  /// The row the selection is in; `rows.count` is the genres row under the charts.
  public var focusedRow: Int
  /// The medium selected in the genres row (an index into `GenreMedium.all`).
  public var genreSelection: Int = 0
  /// The storefront the rows were loaded for (lower case), `nil` before the first load.
  public var country: String?

  /// Entries asked for per chart.
  public static let limit = 25

  /// Makes a home screen with a row per chart, nothing asked for yet.
  public init(
    rows: [HomeRow] = ChartKind.allCases.map { HomeRow(chart: $0) }, focusedRow: Int = 0,
    country: String? = nil
  ) {
    self.rows = rows
    self.focusedRow = focusedRow
    self.country = country
  }

  /// Whether any row is loading.
  public var isLoading: Bool { rows.contains { $0.items.isLoading } }

  /// The one failure every row ended with (offline, the same 404), when they all failed alike:
  /// the screen shows it once, not on every row; `nil` while any row loads, has entries, or
  /// failed differently.
  public var sharedFailure: FeatureError? {
    guard let first = rows.first?.items.error, rows.count > 1 else { return nil }
    return rows.allSatisfy { $0.items.error == first && $0.items.value?.isEmpty != false }
      ? first : nil
  }

  /// Whether the selection is in the genres row under the charts.
  public var isOnGenres: Bool { focusedRow == rows.count }

  /// The selected item of the focused row, if it has one.
  public var selectedItem: CatalogItem? {
    guard rows.indices.contains(focusedRow) else { return nil }
    return rows[focusedRow].selectedItem
  }
}

/// A home screen row: one of the charts every storefront has.
public typealias HomeRow = ChartRow<ChartKind>
