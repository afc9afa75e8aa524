import Foundation
import ITunesCatalog
import ITunesClient
import TunesMCP
import TunesStorage

/// `tunes favorites [list]|add|remove|clear|export|import …`
enum FavoritesCommand {
  /// The largest item `favorites import` keeps (its JSON), and the longest title.
  static let maximumItemBytes = 1 << 20
  static let maximumTitleBytes = 64 << 10

  static let parser = ArgumentParser(
    command: "favorites",
    options: [
      Options.format.option(help: "output format"),
      Options.country.option(help: "store country of the items to add (default US)"),
      Options.yes.option(help: "clear without asking (needed when stdin is not a terminal)"),
      Options.help.option(help: "show this help"),
    ]
      + BulkLookupCommand.options
      // No --demo: its items are not Apple's, and would be dead ids among real favourites.
      + NetworkOptions.options.filter { $0.name != "demo" } + NetworkOptions.pacingOptions)

  static let actions = ["list", "add", "remove", "clear", "export", "import"]

  /// Why `--demo` is refused, in words a user can act on.
  static let demoRefusal =
    "favorites keeps Apple's own items, and the demo catalogue's are made up, so it does not "
    + "take --demo. Try favourites in the demo app instead (tunes --demo, then * on an item): "
    + "there they live in memory for the session."

  static func run(_ arguments: [String], context: CLIContext) async throws(CLIError) -> Int32 {
    let options = arguments.prefix { $0 != "--" }
    if options.contains(where: { $0 == "--demo" || $0.hasPrefix("--demo=") }) {
      throw .usage(demoRefusal, command: "favorites")
    }
    let parsed = try parser.parse(arguments)
    if parsed(Options.help) {
      context.out(HelpText.favorites)
      return ExitCode.success
    }
    // No action lists, as `tunes history` does.
    let action = parsed.positional.first ?? "list"
    let rest = Array(parsed.positional.dropFirst())
    guard actions.contains(action) else {
      var message = "Unknown favorites action \"\(action)\"."
      if let near = Suggest.nearest(action, in: actions) { message += " Did you mean \"\(near)\"?" }
      throw .usage(message, command: "favorites")
    }
    let database: TunesDatabase
    do {
      // Listing and exporting only read: they work on a database that cannot be written.
      database = try context.database(writable: !["list", "export"].contains(action))
    } catch {
      throw CLIError.wrap(error)
    }
    if let recovery = database.recovery { context.err("tunes: " + recovery.message) }
    let store = database.favorites
    do {
      switch action {
      case "list":
        try FavoritesListOutput.write(
          try parsed(Options.format) ?? .table, store: store, context: context)
        return ExitCode.success
      case "add":
        let sources = IDList.Sources(arguments: rest, file: parsed(Options.idsFrom))
        guard !rest.isEmpty || sources.file != nil else {
          throw CLIError.usage(
            "usage: tunes favorites add ID… (or - for standard input, or --ids-from FILE)",
            command: "favorites")
        }
        return try await FavoritesAdd.run(
          try IDList.read(sources, command: "favorites", context: context), parsed,
          store: store, context: context)
      case "remove":
        let sources = IDList.Sources(arguments: rest, file: parsed(Options.idsFrom))
        guard !rest.isEmpty || sources.file != nil else {
          throw CLIError.usage(
            "usage: tunes favorites remove ID… (or - for standard input, or --ids-from FILE)",
            command: "favorites")
        }
        let ids = IDList.deduplicated(
          try IDList.read(sources, command: "favorites", context: context))
        try FavoritesRemoval.run(ids, store: store, context: context)
      case "clear":
        return try FavoritesRemoval.clear(yes: parsed(Options.yes), store: store, context: context)
      case "export":
        let format = try parsed(Options.format)?.rawValue ?? "json"
        switch format {
        case "json": context.writeOut([UInt8](try store.exportJSON()))
        case "csv": context.out(DelimitedText.csv(try store.exportRows()))
        case "m3u8":
          // A playlist of what the favourites play (those without a preview are left out).
          context.out(
            M3U8.playlist(try store.list().compactMap(item(from:)), url: context.mediaURL))
        default:
          throw CLIError.usage(
            "export writes json, csv or m3u8, not \(format).", command: "favorites")
        }
      default:  // import
        let path = try single(rest, "import FILE")
        let data = try BoundedInput.file(path)
        let name = (path as NSString).lastPathComponent
        func refuse(_ reason: String) -> CLIError {
          .file(
            "cannot import \(name): \(reason). Import the JSON or CSV that "
              + "`tunes favorites export` writes.", code: ExitCode.dataError)
        }
        var records: [FavoriteRecord]
        switch ImportFile.detect(data) {
        case .json:
          do {
            records = try store.records(fromJSON: data)
          } catch StorageError.invalidImport(let reason) {
            throw refuse(reason)
          }
        case .csv:
          do {
            records = try ImportFile.records(
              fromCSV: String(decoding: data, as: UTF8.self), at: context.now())
          } catch {
            throw refuse(error.reason)
          }
        case .unreadable(let reason):
          throw refuse(reason)
        }
        // No favourite is a megabyte: a huge title or payload is a damaged or hostile file.
        if let huge = records.first(where: {
          $0.payload.count > Self.maximumItemBytes || $0.title.utf8.count > Self.maximumTitleBytes
        }) {
          throw refuse(
            "item \(huge.id) is larger than tunes keeps (a title of at most 64 KiB, an item of at "
              + "most 1 MiB)")
        }
        // An item without a title could never be shown: it is left out, and said so.
        let untitled = records.filter { $0.title.trimmingCharacters(in: .whitespaces).isEmpty }
        records.removeAll { $0.title.trimmingCharacters(in: .whitespaces).isEmpty }
        let summary = try store.importRecords(records)
        var message =
          "tunes: imported \(Plural.count(summary.added, "favourite")); skipped "
          + "\(summary.skipped) already there"
        if !untitled.isEmpty {
          message +=
            "; left out \(untitled.count) without a title (id "
            + untitled.prefix(5).map { String($0.id) }.joined(separator: ", ")
            + (untitled.count > 5 ? ", …" : "") + ")"
        }
        context.err(message + ".")
      }
    } catch {
      throw StorageDamage.report(error, database: database, context: context)
    }
    return ExitCode.success
  }

  static func single(_ rest: [String], _ usage: String) throws(CLIError) -> String {
    guard rest.count == 1 else {
      throw .usage("usage: tunes favorites \(usage)", command: "favorites")
    }
    return rest[0]
  }

  /// JSON objects as one array or as one object a line.
  static func jsonLines(_ objects: [[UInt8]], array: Bool) -> [UInt8] {
    var out: [UInt8] = array ? [UInt8(ascii: "[")] : []
    for (index, object) in objects.enumerated() {
      if array { out += index == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A] }
      out += object
      if !array { out.append(0x0A) }
    }
    if array { out += objects.isEmpty ? Array("]\n".utf8) : Array("\n]\n".utf8) }
    return out
  }

  /// The stored record of an item: its CLI JSON as the payload.
  static func record(for item: CatalogItem, at date: Date) -> FavoriteRecord {
    FavoriteRecord(item: item, addedAt: date)
  }

  /// The item stored in a record; `nil` if the payload cannot be read.
  static func item(from record: FavoriteRecord) -> CatalogItem? {
    (try? JSONParser.parse([UInt8](record.payload))).flatMap(CatalogItem.init(json:))
  }
}
