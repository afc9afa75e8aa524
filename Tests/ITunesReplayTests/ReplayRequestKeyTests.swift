import ITunesReplay
import Testing

@Suite("Request matching")
struct ReplayRequestKeyTests {
  @Test(
    "requests that must get the same answer have the same key",
    arguments: [
      ("/search?term=jack+johnson&limit=3", "/search?limit=3&term=jack+johnson"),
      ("/search?term=Jack%20Johnson", "/search?term=jack+johnson"),
      ("/search?term=JACK++%20%20johnson+", "/search?term=jack+johnson"),
      ("/search?term=%4A%61ck+johnson", "/search?term=jack+johnson"),
      ("/search?term=%e3%82%b3", "/search?term=%E3%82%B3"),
      ("/search?term=x&_=1712345678901", "/search?term=x"),
      ("/search?term=x&country=us", "/search?term=x"),
      ("/search?term=x&country=US", "/search?term=x"),
      ("/lookup?id=1&country=GB", "/lookup?id=1&country=gb"),
      ("/search?term=x&output=json", "/search?term=x"),
      ("/search?term=x&lang=en-US&explicit=Yes&version=2&media=all", "/search?term=x"),
      ("/search?term=x&entity=musicArtist", "/search?entity=musicartist&term=x"),
      ("/lookup?id=1,%202", "/lookup?id=1,2"),
      ("http://127.0.0.1:8080/lookup?id=1", "/lookup?id=1"),
      ("/search/?term=x", "/search?term=x"),
      ("/search?TERM=x&&", "/search?term=x"),
      ("/search?term=x&country=", "/search?term=x"),
      ("/%73earch?term=x#fragment", "/search?term=x"),
      ("/search?term=x&limit=50", "/search?term=x"),
    ])
  func equivalent(first: String, second: String) {
    #expect(ReplayRequestKey(target: first) == ReplayRequestKey(target: second))
  }

  @Test(
    "requests that can get different answers have different keys",
    arguments: [
      ("/search?term=jack+johnson&limit=3", "/search?term=jack+johnson&limit=25"),
      ("/lookup?id=1&country=gb", "/lookup?id=1"),
      ("/search?term=x&entity=album", "/search?term=x"),
      ("/lookup?id=1,2", "/lookup?id=2,1"),
      ("/search?term=x&callback=cb", "/search?term=x"),
      ("/search?term=a+b", "/search?term=ab"),
      ("/lookup?id=1", "/search?id=1"),
      ("/search?term=x&explicit=No", "/search?term=x"),
      ("/lookup?bundleId=com.A", "/lookup?bundleId=com.a"),
      ("/lookup?id=1&entity=album&limit=50", "/lookup?id=1&entity=album"),
    ])
  func distinct(first: String, second: String) {
    #expect(ReplayRequestKey(target: first) != ReplayRequestKey(target: second))
  }

  @Test(
    "the canonical form sorts parameters and spells spaces as plus",
    arguments: [
      ("/search?term=Jack%20Johnson&entity=album", "/search?entity=album&term=jack+johnson"),
      ("/search?term=%E3%82%B3&country=JP", "/search?country=jp&term=%E3%82%B3"),
      (
        "/us/rss/toppodcasts/limit=100/genre=1310/json",
        "/us/rss/toppodcasts/limit=100/genre=1310/json"
      ),
      ("/lookup?id=418075935,447188370", "/lookup?id=418075935,447188370"),
      ("/search?term=a%26b", "/search?term=a%26b"),
      ("", "/"),
    ])
  func canonicalForm(target: String, expected: String) {
    #expect(ReplayServer.canonicalRequest(target) == expected)
  }
}
