import Foundation
import ITunesCatalog

/// A catalogue made of a folder of recorded answers (`tunes replay DIR --catalog`), so a
/// recording answers every query it can, not only the one it was recorded for.
///
/// With an `index.tsv`, the rows with status 200 whose request is a `/search` or `/lookup` are
/// read (the request's `country` places objects without one of their own, such as artists);
/// without one, every `*.json` file. Files that are not search or lookup answers (chart feeds,
/// error objects, a proxy's wrapper) are skipped with a note. An object recorded more than once
/// is kept in its fullest form.
package enum RecordingCatalogue {
  /// The catalogue of the recordings in `directory`.
  /// - Throws: `ReplayError.indexMalformed` when an `index.tsv` exists but cannot be read.
  package static func load(directory: URL) throws -> CatalogEngine {
    var notes: [String] = []
    var documents: [(file: String, country: String?, data: Data)] = []
    let index = directory.appendingPathComponent("index.tsv")
    if FileManager.default.fileExists(atPath: index.path) {
      guard let data = FileManager.default.contents(atPath: index.path),
        let text = String(data: data, encoding: .utf8)
      else {
        throw ReplayError.indexMalformed(file: index, line: 0, reason: "cannot be read as UTF-8")
      }
      for (offset, line) in text.split(separator: "\n").enumerated() where offset > 0 {
        let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map {
          $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard columns.count >= 3, !columns[0].isEmpty else { continue }
        let (file, status, request) = (columns[0], columns[1], columns[2])
        let key = ReplayRequestKey(target: request)
        guard status == "200" else {
          notes.append("skipped \(file): status \(status), not an answer")
          continue
        }
        guard key.path == "/search" || key.path == "/lookup" else {
          notes.append("skipped \(file): \(key.path) is not a search or lookup")
          continue
        }
        guard
          let body = FileManager.default.contents(
            atPath: directory.appendingPathComponent(file).path)
        else {
          notes.append("skipped \(file): cannot be read")
          continue
        }
        let country = key.parameters.first { $0.name == "country" }?.value ?? "us"
        documents.append((file, country, body))
      }
    } else {
      let files =
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.filter {
          $0.lowercased().hasSuffix(".json")
        }.sorted() ?? []
      for file in files {
        guard
          let body = FileManager.default.contents(
            atPath: directory.appendingPathComponent(file).path)
        else {
          notes.append("skipped \(file): cannot be read")
          continue
        }
        documents.append((file, nil, body))
      }
    }
    var records: [CatalogRecord] = []
    var position: [String: Int] = [:]
    for document in documents {
      guard let results = results(of: document.data) else {
        notes.append("skipped \(document.file): not an iTunes search or lookup answer")
        continue
      }
      for object in results {
        let own: String?
        if case .string(let iso3)? = object["country"] {
          own = Storefronts.alpha2(iso3)
        } else {
          own = nil
        }
        guard let record = CatalogRecord(object: object, storefront: own ?? document.country)
        else { continue }
        let identity = "\(record.role)-\(record.id)-\(record.storefront ?? "")"
        if let existing = position[identity] {
          if record.members.count > records[existing].members.count { records[existing] = record }
        } else {
          position[identity] = records.count
          records.append(record)
        }
      }
    }
    return CatalogEngine(records: records, notes: notes)
  }

  /// The result objects of an iTunes search or lookup answer, or `nil` for anything else.
  static func results(of data: Data) -> [JSONValue]? {
    guard let value = try? JSONParser.parse(Array(data)),
      case .array(let results)? = value["results"]
    else { return nil }
    let items = results.filter {
      $0["wrapperType"] != nil || $0["kind"] != nil || $0["trackId"] != nil
    }
    return items.isEmpty && !results.isEmpty ? nil : items
  }
}

/// ISO 3166-1 alpha-3 codes (Apple's `country` field) to the alpha-2 codes a query names.
enum Storefronts {
  static let alpha3: [String: String] = [
    "USA": "us", "GBR": "gb", "JPN": "jp", "FRA": "fr", "DEU": "de", "CAN": "ca", "AUS": "au",
    "BRA": "br", "ESP": "es", "ITA": "it", "NLD": "nl", "SWE": "se", "NOR": "no", "DNK": "dk",
    "FIN": "fi", "CHE": "ch", "AUT": "at", "BEL": "be", "IRL": "ie", "NZL": "nz", "MEX": "mx",
    "RUS": "ru", "UKR": "ua", "POL": "pl", "CZE": "cz", "PRT": "pt", "GRC": "gr", "TUR": "tr",
    "KOR": "kr", "CHN": "cn", "TWN": "tw", "HKG": "hk", "SGP": "sg", "IND": "in", "IDN": "id",
    "THA": "th", "VNM": "vn", "PHL": "ph", "MYS": "my", "ZAF": "za", "EGY": "eg", "SAU": "sa",
    "ARE": "ae", "ISR": "il", "ARG": "ar", "CHL": "cl", "COL": "co", "PER": "pe",
  ]

  /// The alpha-2 code (lower case) for Apple's alpha-3 `country`, `nil` when unknown.
  static func alpha2(_ iso3: String) -> String? { alpha3[iso3.uppercased()] }
}
