import Foundation
import ITunesCatalog
import TerminalUI
import TunesStorage

/// `tunes watch --format`: the output formats of every command, plus an Atom feed.
enum WatchFormat: String, CaseIterable {
  case table, json, ndjson, csv, tsv, atom
}

extension Options {
  /// `--format` of `tunes watch`, which also writes Atom.
  static let watchFormat = OptionKey<WatchFormat>.choice("format", "F")
}

/// Writes the changes `tunes watch` found.
struct WatchOutput {
  /// Terminal width to cut the table to.
  var width: Int?
  /// Whether to colour the table's header.
  var color: Bool
  /// Store pages by item id, for links.
  var links: [Int64: String] = [:]
  /// The run's time (the feed's `updated` when there are no entries).
  var now: Date

  /// The changes in one of the formats every command writes (`.atom` goes to ``atom(_:)``).
  func format(_ changes: [WatchChange], as format: WatchFormat) -> [UInt8] {
    switch format {
    case .json:
      var out: [UInt8] = [UInt8(ascii: "[")]
      for (index, change) in changes.enumerated() {
        out += index == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A]
        JSONWriter.write(json(change), into: &out)
      }
      out += Array((changes.isEmpty ? "]\n" : "\n]\n").utf8)
      return out
    case .ndjson:
      var out: [UInt8] = []
      for change in changes {
        JSONWriter.write(json(change), into: &out)
        out.append(0x0A)
      }
      return out
    case .csv, .tsv:
      var rows = [Self.delimitedColumns]
      for change in changes {
        let fields: [String?] = [
          ISODate.string(from: change.foundAt), change.country, String(change.itemID),
          change.itemKind, change.title, change.change.rawValue, change.field, change.old,
          change.new, change.currency, change.notes, links[change.itemID],
        ]
        rows.append(fields.map { sanitize($0 ?? "") })
      }
      return Array((format == .csv ? DelimitedText.csv(rows) : DelimitedText.tsv(rows)).utf8)
    case .table:
      return table(changes)
    case .atom:
      return atom(changes)
    }
  }

  static let delimitedColumns = [
    "at", "country", "id", "kind", "title", "change", "field", "old", "new", "currency", "notes",
    "storeURL",
  ]

  /// One change as a JSON object: `id`, `title`, `kind`, `change`, `old`, `new` (null when
  /// there is none), `country`, `at`, and `field`, `currency`, `notes`, `url` when known.
  func json(_ change: WatchChange) -> JSONValue {
    func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    var members: [(key: String, value: JSONValue)] = [
      ("id", .number(JSONNumber(text: String(change.itemID)))),
      ("title", .string(change.title)),
      ("kind", .string(change.itemKind)),
      ("change", .string(change.change.rawValue)),
      ("old", text(change.old)),
      ("new", text(change.new)),
      ("country", .string(change.country)),
      ("at", .string(ISODate.string(from: change.foundAt))),
    ]
    if let field = change.field { members.append(("field", .string(field))) }
    if let currency = change.currency { members.append(("currency", .string(currency))) }
    if let notes = change.notes { members.append(("notes", .string(notes))) }
    if let url = links[change.itemID] { members.append(("url", .string(url))) }
    return .object(members)
  }

  /// What a change is called in the table and the feed.
  static func label(_ change: WatchChange.Kind) -> String {
    switch change {
    case .priceDown: return "Price down"
    case .priceUp: return "Price up"
    case .priceChanged: return "Price changed"
    case .newVersion: return "New version"
    case .gone: return "Gone from the store"
    case .back: return "Back in the store"
    case .tracksAdded: return "Tracks added"
    case .tracksRemoved: return "Tracks removed"
    case .renamed: return "Renamed"
    }
  }

  /// A value with its currency for people: `4.99 USD`; `—` for none.
  static func shown(_ value: String?, _ change: WatchChange) -> String {
    guard let value else { return "—" }
    switch change.change {
    case .priceDown, .priceUp, .gone, .back:
      return value + (change.currency.map { " " + $0 } ?? "")
    default: return value
    }
  }

  private func table(_ changes: [WatchChange]) -> [UInt8] {
    let text = TableText(
      columns: [
        .init(title: "CHANGE", flexible: false, rightAligned: false),
        .init(title: "TITLE", flexible: true, rightAligned: false),
        .init(title: "KIND", flexible: false, rightAligned: false),
        .init(title: "CC", flexible: false, rightAligned: false),
        .init(title: "WAS", flexible: true, rightAligned: true),
        .init(title: "NOW", flexible: true, rightAligned: true),
        .init(title: "NOTES", flexible: true, rightAligned: false),
        .init(title: "ID", flexible: false, rightAligned: true),
      ], dropOrder: ["NOTES", "KIND", "CC"], width: width, color: color)
    var cells: [String] = []
    for change in changes {
      let field = change.field.flatMap { $0 == "price" ? nil : " (\($0))" } ?? ""
      let notes = change.notes?.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
      cells += [
        Self.label(change.change) + field, change.title,
        ItemKind(rawValue: change.itemKind).displayName, change.country.uppercased(),
        Self.shown(change.old, change), Self.shown(change.new, change), notes,
        String(change.itemID),
      ].map(sanitizeLine)
    }
    return text.render(cells: cells)
  }

  // MARK: Atom

  /// The changes as an Atom 1.0 feed (RFC 4287), newest first: one entry a change, with an id
  /// that stays the same for that change, a link to the store page when it is known, and the
  /// old and new values (and a new version's notes) as the entry's text.
  func atom(_ changes: [WatchChange]) -> [UInt8] {
    let sorted = changes.sorted { $0.foundAt > $1.foundAt }
    let updated = ISODate.string(from: sorted.first?.foundAt ?? now)
    var out = """
      <?xml version="1.0" encoding="utf-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom">
        <id>urn:tunes:watch</id>
        <title>tunes watch: what changed</title>
        <updated>\(updated)</updated>
        <author><name>tunes</name></author>
        <generator>tunes</generator>

      """
    for change in sorted {
      let at = ISODate.string(from: change.foundAt)
      let id = [
        "urn:tunes:change", String(change.itemID), change.country, change.change.rawValue,
        change.field ?? "-", String(Int64(change.foundAt.timeIntervalSince1970)),
      ].joined(separator: ":")
      let title =
        "\(Self.label(change.change)): \(change.title) (\(change.country.uppercased()))"
      var summary = "\(Self.shown(change.old, change)) → \(Self.shown(change.new, change))"
      if let notes = change.notes, !notes.isEmpty { summary += "\n\n" + notes }
      out += "  <entry>\n"
      out += "    <id>\(Self.escape(id))</id>\n"
      out += "    <title>\(Self.escape(title))</title>\n"
      out += "    <updated>\(at)</updated>\n"
      if let link = links[change.itemID] {
        out += "    <link rel=\"alternate\" href=\"\(Self.escape(link))\"/>\n"
      }
      out += "    <category term=\"\(change.change.rawValue)\"/>\n"
      out += "    <content type=\"text\">\(Self.escape(summary))</content>\n"
      out += "  </entry>\n"
    }
    out += "</feed>\n"
    return Array(out.utf8)
  }

  /// Text safe in XML content and attributes; characters XML 1.0 does not allow are dropped.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        continue
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
