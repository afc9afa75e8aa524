import Foundation

/// Keeping watch as a dependency: the recent changes, a check (the same as `tunes watch` and
/// `tunes releases`), an item's history, and which storefronts sell it (`tunes where`). The
/// live value (TunesLive) reads the snapshots in SQLite and runs the command line's own
/// commands; the default is unavailable (tests, the demo).
public struct WatchClient: Sendable {
  /// Whether there is a watch at all (`false`: the Changes row is not drawn, `C` says why).
  public var isAvailable: Bool
  /// The changes of the last days and what the row says without them.
  public var recent: @Sendable () async throws -> WatchDigest
  /// Checks every watched item in the storefront (and the followed creators' new works).
  public var check: @Sendable (_ country: String) async throws -> WatchCheckReport
  /// The states of the item seen in the storefront, oldest first.
  public var history: @Sendable (_ itemID: Int64, _ country: String) async throws -> [SeenState]
  /// The item in each of the storefronts, in their order.
  public var storefronts:
    @Sendable (_ itemID: Int64, _ countries: [String]) async throws -> [StorefrontAnswer]

  /// Makes a watch client from its closures.
  public init(
    isAvailable: Bool = true,
    recent: @escaping @Sendable () async throws -> WatchDigest,
    check: @escaping @Sendable (_ country: String) async throws -> WatchCheckReport,
    history: @escaping @Sendable (_ itemID: Int64, _ country: String) async throws -> [SeenState],
    storefronts:
      @escaping @Sendable (_ itemID: Int64, _ countries: [String]) async throws ->
      [StorefrontAnswer]
  ) {
    self.isAvailable = isAvailable
    self.recent = recent
    self.check = check
    self.history = history
    self.storefronts = storefronts
  }

  /// The sentence for a watch that is not there.
  public static let unavailableReason =
    "Keeping watch is off here: it checks your own favourites (not the demo's)."

  /// No watch: every call fails with ``unavailableReason``.
  public static let unavailable = WatchClient(
    isAvailable: false,
    recent: { throw FeatureError.other(unavailableReason) },
    check: { _ in throw FeatureError.other(unavailableReason) },
    history: { _, _ in [] },
    storefronts: { _, _ in throw FeatureError.other(unavailableReason) })
}
