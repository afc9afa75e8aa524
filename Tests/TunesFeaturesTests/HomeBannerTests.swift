import ITunesCatalog
import Testing

@testable import TunesFeatures

@Suite("One home banner when every chart fails alike")
struct HomeBannerTests {
  @Test(
    "every row failing the same way is one failure; one row differing, loading or loaded is not")
  func sharedFailure() {
    let offline = FeatureError.client(.cannotConnect(host: "itunes.apple.com"))
    var home = HomeState()
    home.rows = home.rows.map { HomeRow(chart: $0.chart, items: .failed(offline, previous: nil)) }
    #expect(home.sharedFailure == offline)
    #expect(home.sharedFailure?.isUnreachable == true)
    home.rows[2].items = .loading(previous: nil)
    #expect(home.sharedFailure == nil)
    home.rows[2].items = .failed(.client(.timedOut(seconds: 15)), previous: nil)
    #expect(home.sharedFailure == nil)
    home.rows[2].items = .loaded([])
    #expect(home.sharedFailure == nil)
  }
}
