import Foundation
import ITunesCatalog
import Testing

@Suite("Queries are validated before any request and encoded strictly")
struct QueryTests {
  @Test(
    "URL building",
    arguments: [
      ("AC/DC & Queen #1 café+x;y", "term=AC%2FDC+%26+Queen+%231+caf%C3%A9%2Bx%3By"),
      ("jack johnson", "term=jack+johnson"),
      ("コブクロ", "term=%E3%82%B3%E3%83%96%E3%82%AF%E3%83%AD"),
      ("Кино", "term=%D0%9A%D0%B8%D0%BD%D0%BE"),
      ("  padded  ", "term=padded"),
      ("a.b-c_d*e~f", "term=a.b-c_d*e%7Ef"),
      ("100%", "term=100%25"),
    ])
  func encoding(term: String, expected: String) throws {
    let query = try SearchQuery(term: term)
    #expect(query.request.queryString == expected)
    let url = try #require(query.request.url(relativeTo: URL(string: "https://itunes.apple.com/")!))
    #expect(url.absoluteString == "https://itunes.apple.com/search?" + expected)
  }

  @Test("Every parameter, in a stable order")
  func allParameters() throws {
    let query = try SearchQuery(
      term: "slayer", country: "gb", media: .music, entity: "musicartist", attribute: "artistTerm",
      limit: 200, language: .jaJP, explicit: false, offset: 25)
    #expect(
      query.request.pathAndQuery
        == "/search?term=slayer&country=GB&media=music&entity=musicArtist&attribute=artistTerm"
        + "&limit=200&lang=ja_jp&explicit=No&offset=25")
  }

  @Test("The canonical key ignores parameter order")
  func canonical() {
    let a = CatalogRequest(
      endpoint: .search, parameters: [.init("term", "x"), .init("limit", "5")])
    let b = CatalogRequest(
      endpoint: .search, parameters: [.init("limit", "5"), .init("term", "x")])
    #expect(a.canonicalKey == b.canonicalKey)
    #expect(a.pathAndQuery != b.pathAndQuery)
  }

  @Test("Bad values are typed errors naming the value and the allowed ones")
  func invalid() {
    #expect(throws: CatalogError.emptyTerm) { try SearchQuery(term: "   ") }
    #expect(throws: CatalogError.outOfRange(parameter: "limit", value: 0, range: 1...200)) {
      try SearchQuery(term: "x", limit: 0)
    }
    #expect(throws: CatalogError.outOfRange(parameter: "limit", value: 500, range: 1...200)) {
      try SearchQuery(term: "x", limit: 500)
    }
    #expect(throws: CatalogError.self) { try SearchQuery(term: "x", country: "XX") }
    #expect(
      throws: CatalogError.notValidForMedia(
        parameter: "entity", value: "ebook", media: "music", allowed: Media.music.entities)
    ) { try SearchQuery(term: "x", media: .music, entity: "ebook") }
    #expect(
      throws: CatalogError.notValidForMedia(
        parameter: "attribute", value: "softwareDeveloper", media: "movie",
        allowed: Media.movie.attributes)
    ) { try SearchQuery(term: "x", media: .movie, attribute: "softwareDeveloper") }
  }

  @Test("An unknown entity lists the known ones")
  func unknownEntity() {
    do {
      _ = try SearchQuery(term: "x", entity: "songz")
      Issue.record("no error")
    } catch let error as CatalogError {
      guard case .invalidValue(let parameter, let value, let allowed) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(parameter == "entity")
      #expect(value == "songz")
      #expect(allowed.contains("song"))
      #expect(error.localizedDescription.contains("\"songz\" is not a valid entity"))
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test("Country codes: ISO 3166-1 alpha-2 only, any case")
  func countries() throws {
    #expect(Country.codes.count == 249)
    #expect(try SearchQuery(term: "x", country: "jp").country == "JP")
    for bad in ["XX", "USA", "U", "", "EU"] {
      #expect(throws: CatalogError.self) { try SearchQuery(term: "x", country: bad) }
    }
  }

  @Test("Lookups by ids, bundle id, UPC and ISBN")
  func lookups() throws {
    #expect(try LookupQuery.parseIDs("909253,284910350") == [909_253, 284_910_350])
    #expect(throws: CatalogError.self) { try LookupQuery.parseIDs("12,abc") }
    #expect(throws: CatalogError.self) { try LookupQuery.parseIDs("") }
    let byIDs = try LookupQuery(key: .ids([909_253]), entity: "album", limit: 5, sort: .recent)
    #expect(byIDs.request.pathAndQuery == "/lookup?id=909253&entity=album&limit=5&sort=recent")
    let bundle = try LookupQuery(key: .bundleID("com.facebook.Facebook"), country: "fr")
    #expect(bundle.request.pathAndQuery == "/lookup?bundleId=com.facebook.Facebook&country=FR")
    #expect(try LookupQuery(key: .upc("720642462928")).request.queryString == "upc=720642462928")
    #expect(throws: CatalogError.self) { try LookupQuery(key: .upc("12-34")) }
    #expect(throws: CatalogError.self) { try LookupQuery(key: .ids([])) }
    #expect(throws: CatalogError.self) { try LookupQuery(key: .ids([1]), limit: 201) }
    let episodes = try LookupQuery(key: .ids([1]), entity: "podcastEpisode")
    #expect(episodes.entity == "podcastEpisode")
  }

  @Test("Form decoding reverses encoding")
  func decoding() {
    let text = "AC/DC & Queen #1 café+x;y"
    #expect(QueryEncoding.decode(Substring(QueryEncoding.encode(text))) == text)
    #expect(QueryEncoding.decode("a%2x") == "a%2x")
  }
}
