import Foundation
import ITunesCatalog
import ITunesClient
import TunesStorage

/// `tunes releases [--include-creators-of-favourites] [--country CC]`: the newest works of the
/// creators the favourites follow (artists, app developers, podcasts) that were not seen
/// before, many creators a request (`entity=…&sort=recent`).
enum ReleasesCommand {
  static let parser = ArgumentParser(
    command: "releases",
    options: [
      Options.includeCreators.option(
        help: "also follow the artists and developers of favourited songs, albums and apps"),
      Options.country.option(help: "store country, ISO 3166-1 alpha-2 (default us)"),
      Options.format.option(help: "table, json, ndjson, csv or tsv"),
      Options.help.option(help: "show this help"),
      Options.wait.option(
        help:
          "wait at most this long for Apple's rate limit per request, else exit 75 (default 120)"),
    ] + NetworkOptions.options)

  /// Creators a request: Apple documents no cap for an id list with `entity` (its examples
  /// name two); 50 creators with ``worksPerCreator`` each keeps an answer near the size of a
  /// 200-id lookup (see DECISIONS, 2026-12-02).
  static let creatorsPerRequest = 50
  /// The newest works asked for per creator.
  static let worksPerCreator = 10

  /// What a followed creator's works are.
  enum Works: String, CaseIterable {
    case album, software, podcastEpisode

    /// The creator a work belongs to: the artist or developer, or an episode's podcast.
    func creator(of item: CatalogItem) -> Int64? {
      self == .podcastEpisode ? item.collectionID : item.authorID
    }

    /// Whether `item` is one of these works (not the creator the answer starts with).
    func isWork(_ item: CatalogItem) -> Bool {
      switch self {
      case .album: return item.kind == .album || item.kind == .song
      case .software: return item.kind == .software || item.kind == .macSoftware
      case .podcastEpisode: return item.kind == .podcastEpisode
      }
    }
  }

  static func run(_ arguments: [String], context: CLIContext) async throws(CLIError) -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed(Options.help) {
      context.out(HelpText.releases)
      return ExitCode.success
    }
    let format = try parsed(Options.format) ?? .table
    let country = try StorefrontList.parse(parsed(Options.country), command: "releases")
    guard country.count == 1, let country = country.first else {
      throw .usage("releases checks one storefront at a time (--country CC).", command: "releases")
    }
    if parsed(Options.offline) {
      throw .usage("releases asks Apple for news: it cannot run --offline.", command: "releases")
    }
    let database = try WatchSupport.openDatabase(context: context)
    let followed: [Works: [Int64]]
    do {
      followed = follows(
        try database.favorites.list(), includeCreators: parsed(Options.includeCreators))
    } catch {
      throw CLIError.wrap(error)
    }
    let total = followed.values.reduce(0) { $0 + $1.count }
    guard total > 0 else {
      context.err(
        "tunes: no creators to follow: favourite artists, developers or podcasts (or use "
          + "--include-creators-of-favourites).")
      return ExitCode.success
    }
    let parts = try NetworkOptions.parts(
      parsed, context: context, defaultWaitSeconds: WatchSupport.defaultWaitSeconds)
    let now = context.now()
    var fresh: [CatalogItem] = []
    var firstSeen = 0
    var failure: ClientError?
    for works in Works.allCases {
      guard let creators = followed[works], !creators.isEmpty else { continue }
      let lookup = BulkLookup(
        network: parts.network, cache: parts.cache, policy: parts.policy, entity: works.rawValue,
        limit: worksPerCreator, sort: .recent,
        country: country == Country.appleDefault ? nil : country,
        cacheBuster: WatchSupport.cacheBuster(now))
      let wanted = Set(creators)
      var byCreator: [Int64: [CatalogItem]] = [:]
      // Creators a failed request did not answer are left as they were: marking them checked
      // with no works would show all their works as new next time.
      var unanswered = Set<Int64>()
      for start in stride(from: 0, to: creators.count, by: creatorsPerRequest) {
        let batch = Array(creators[start..<min(start + creatorsPerRequest, creators.count)])
        let summary: BulkLookup.Summary
        do {
          summary = try await lookup.run(
            batch,
            emit: { items in
              for item in items where works.isWork(item) {
                if let creator = works.creator(of: item), wanted.contains(creator) {
                  byCreator[creator, default: []].append(item)
                }
              }
            })
        } catch {
          throw CLIError.wrap(error)
        }
        if let error = summary.failure, !summary.notLookedUp.isEmpty {
          failure = error
          unanswered.formUnion(summary.notLookedUp)
        }
      }
      do {
        for creator in creators where !unanswered.contains(creator) {
          let items = byCreator[creator] ?? []
          let checked = try database.releases.lastChecked(creatorID: creator, country: country)
          let seen = try database.releases.seen(creatorID: creator, country: country)
          if checked == nil {
            firstSeen += 1
          } else {
            fresh += items.filter { !seen.contains($0.id) }
          }
          try database.releases.markSeen(
            creatorID: creator, country: country, itemIDs: items.map(\.id), at: now)
        }
      } catch {
        throw CLIError.wrap(error)
      }
    }
    let shown = onePerTwin(fresh).sorted {
      ($0.releaseDate ?? .distantPast) > ($1.releaseDate ?? .distantPast)
    }
    if !shown.isEmpty || format == .json {
      let formatter = ItemFormatter(
        width: context.tableWidth, color: context.color, mediaURL: context.mediaURL)
      context.writeOut(formatter.format(shown, as: format))
    }
    if firstSeen == total {
      context.err(
        "tunes: first check of \(Plural.count(total, "creator")) in \(country.uppercased()): their works are "
          + "recorded; nothing new to show yet.")
    } else {
      var line = "tunes: \(Plural.count(total, "creator")) checked in \(country.uppercased()): "
      line += shown.isEmpty ? "nothing new since the last check" : "\(shown.count) new"
      if firstSeen > 0 { line += "; \(firstSeen) followed for the first time" }
      context.err(line + ".")
    }
    if let failure {
      context.err(CLIError.client(failure).message)
      return CLIError.client(failure).exitCode
    }
    return ExitCode.success
  }

  /// The creators the favourites follow, by the works asked for: favourited artists (their
  /// albums, or apps for a software artist) and podcasts (their episodes); with
  /// `includeCreators`, the artists of favourited songs and albums and the developers of apps.
  static func follows(_ records: [FavoriteRecord], includeCreators: Bool) -> [Works: [Int64]] {
    var result: [Works: [Int64]] = [:]
    var seen = Set<String>()
    func add(_ id: Int64?, _ works: Works) {
      guard let id, seen.insert("\(works.rawValue)-\(id)").inserted else { return }
      result[works, default: []].append(id)
    }
    for record in records {
      guard let item = FavoritesCommand.item(from: record) else { continue }
      switch item.kind {
      case .artist:
        add(
          item.id, item.artistType?.lowercased().contains("software") == true ? .software : .album)
      case .podcast:
        add(item.id, .podcastEpisode)
      // A `where` binds to the one pattern before it: each says it.
      case .song where includeCreators, .album where includeCreators,
        .musicVideo where includeCreators:
        add(item.authorID, .album)
      case .software where includeCreators, .macSoftware where includeCreators:
        add(item.authorID, .software)
      case .podcastEpisode where includeCreators:
        add(item.collectionID, .podcastEpisode)
      default:
        continue
      }
    }
    return result
  }

  /// Clean and explicit versions of one work shown once (the explicit one): works by the same
  /// creator with the same kind and title, "(Clean)" aside.
  static func onePerTwin(_ items: [CatalogItem]) -> [CatalogItem] {
    var chosen: [String: Int] = [:]
    var result: [CatalogItem] = []
    for item in items {
      let title = item.title.lowercased()
        .replacingOccurrences(of: " (clean)", with: "").replacingOccurrences(
          of: " [clean]", with: ""
        )
        .trimmingCharacters(in: .whitespaces)
      let key = "\(item.kind.rawValue)|\(item.authorID ?? item.collectionID ?? 0)|\(title)"
      if let index = chosen[key] {
        if item.isExplicit == true, result[index].isExplicit != true { result[index] = item }
        continue
      }
      chosen[key] = result.count
      result.append(item)
    }
    return result
  }
}
