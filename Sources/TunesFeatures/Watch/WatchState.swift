import Foundation

/// The home screen's Changes row: what the watch found recently, and a check under way.
public struct WatchState: Equatable, Sendable {
  /// The stored changes and what the row says without them; `.idle` (not drawn) where there is
  /// no watch.
  public var digest: Loadable<WatchDigest> = .idle
  /// Whether a check runs (`C`).
  public var isChecking = false
  /// Why the last check failed, until the next one.
  public var checkError: FeatureError?
  /// New works of followed creators found by checks this session (not stored as changes).
  public var releases: [ChangeEntry] = []
  /// How many checks found something: the desktop announces each once.
  public var findings = 0
  /// The last finding's sentence (what a notification says).
  public var lastFinding: String?
  /// The picked change while the row has the focus (↑ from the first chart row), an index into
  /// the listed ``entries``; `nil` while the charts have it.
  public var selection: Int?

  /// How many changes the row lists (the heading counts the rest).
  public static let listed = 3

  /// Makes a row with nothing read yet.
  public init(digest: Loadable<WatchDigest> = .idle) {
    self.digest = digest
  }

  /// The row's entries: the stored changes and this session's releases, newest first.
  public var entries: [ChangeEntry] {
    let stored = digest.value?.changes ?? []
    return (releases + stored).enumerated()
      .sorted { ($0.element.at, -$0.offset) > ($1.element.at, -$1.offset) }
      .map(\.element)
  }

  /// The changes the row lists (the newest ``listed``).
  public var listedEntries: [ChangeEntry] { Array(entries.prefix(Self.listed)) }

  /// Whether the row shows a spinner.
  public var isLoading: Bool { isChecking || digest.isLoading }
}
