import Synchronization

/// Where a podcast episode was left: its position, its length when known, and whether it was
/// heard to the end.
public struct EpisodeProgress: Equatable, Sendable {
  /// The episode's id.
  public var id: Int64
  /// Seconds heard.
  public var position: Double
  /// The episode's length in seconds, once known.
  public var duration: Double?
  /// Whether it was played to the end.
  public var played: Bool

  /// Makes a progress record.
  public init(id: Int64, position: Double, duration: Double? = nil, played: Bool = false) {
    self.id = id
    self.position = position
    self.duration = duration
    self.played = played
  }
}

/// Remembered listening as a dependency: where each episode was left (SQLite in the live app).
public struct ListeningClient: Sendable {
  /// The progress of the episodes among `ids` that have one.
  public var progress: @Sendable (_ ids: [Int64]) async throws -> [Int64: EpisodeProgress]
  /// Remembers an episode's progress (replacing what was kept).
  public var save: @Sendable (EpisodeProgress) async throws -> Void

  /// Makes a listening client from its closures.
  public init(
    progress: @escaping @Sendable (_ ids: [Int64]) async throws -> [Int64: EpisodeProgress],
    save: @escaping @Sendable (EpisodeProgress) async throws -> Void
  ) {
    self.progress = progress
    self.save = save
  }

  /// Progress kept in memory (tests, and a database that could not be opened).
  public static func inMemory(_ initial: [EpisodeProgress] = []) -> ListeningClient {
    let kept = Mutex(Dictionary(initial.map { ($0.id, $0) }, uniquingKeysWith: { $1 }))
    return ListeningClient(
      progress: { ids in
        kept.withLock { all in
          var found: [Int64: EpisodeProgress] = [:]
          for id in ids { found[id] = all[id] }
          return found
        }
      },
      save: { progress in kept.withLock { $0[progress.id] = progress } })
  }
}
