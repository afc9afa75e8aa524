import Foundation
import ITunesCatalog
import ITunesClient
import Testing

@testable import TunesFeatures

@Suite("Feature errors and loadables")
struct FeatureErrorTests {
  struct Plain: Error, LocalizedError {
    var errorDescription: String? { "plain failure" }
  }

  @Test("any error becomes a feature error that keeps its meaning")
  func wrapping() {
    #expect(FeatureError(ClientError.offline) == .client(.offline))
    #expect(FeatureError(CatalogError.emptyTerm) == .client(.decoding(.emptyTerm)))
    #expect(FeatureError(FeatureError.storage("x")) == .storage("x"))
    #expect(FeatureError(Plain()) == .other("plain failure"))
  }

  @Test("a server's 5,000-character message is cut to the title limit with an ellipsis")
  func titleCap() {
    let long = String(repeating: "x", count: 5000)
    for error in [
      FeatureError.client(.invalidRequest(message: long)), .other(long), .storage(long),
      .link(long),
    ] {
      #expect(error.title.count == FeatureError.titleLimit)
      #expect(error.title.hasSuffix("…"))
    }
    #expect(FeatureError.other("short").title == "short")
  }

  @Test("every error says what happened and what to do")
  func messages() {
    let errors: [FeatureError] = [
      .rateLimited(retryAfter: .seconds(30), at: .zero), .client(.offline),
      .client(.rateLimited(status: 403)), .invalidFilters(.emptyTerm), .storage("disk full"),
      .link("no browser"), .other("odd"),
    ]
    for error in errors {
      #expect(!error.title.isEmpty)
      #expect(!error.suggestion.isEmpty)
      #expect(error.errorDescription == error.title)
      #expect(error.recoverySuggestion == error.suggestion)
    }
    #expect(errors.map(\.isRateLimited) == [true, false, true, false, false, false, false])
    #expect(errors.map(\.retryAfter) == [.seconds(30), nil, nil, nil, nil, nil, nil])
    // The panels end with their own keys line: the advice never says "retry" a second time.
    #expect(FeatureError.client(.offline).suggestion == "Check the network connection.")
  }

  @Test(
    "no app advice repeats the retry key or speaks a developer's language",
    arguments: FeatureErrorTests.clientErrors)
  func noRetryTwice(error: ClientError) {
    let advice = FeatureError.client(error).suggestion.lowercased()
    #expect(!advice.isEmpty, "\(error)")
    #expect(!advice.contains("replay server"), "\(error): \(advice)")
    if !FeatureError.client(error).isRateLimited {
      #expect(!advice.contains("retry"), "\(error): \(advice)")
    }
  }

  @Test("no app message names a command-line flag", arguments: FeatureErrorTests.clientErrors)
  func noFlags(error: ClientError) {
    let feature = FeatureError.client(error)
    #expect(!feature.title.contains("--"), "\(error): \(feature.title)")
    #expect(!feature.suggestion.contains("--"), "\(error): \(feature.suggestion)")
    let filters = FeatureError.invalidFilters(
      .invalidValue(parameter: "p", value: "v", allowed: []))
    #expect(!filters.suggestion.contains("--"))
  }

  /// One of every client error.
  static let clientErrors: [ClientError] = [
    .invalidBaseURL("x", reason: "r"), .invalidTimeout("0"), .invalidTransport("t"),
    .cannotConnect(host: "h"), .hostNotFound(host: "h"), .offline, .timedOut(seconds: 15),
    .truncated(receivedBytes: 3), .tooLarge(limit: 16_777_216), .cancelled,
    .transport("tls"), .rateLimited(status: 403), .invalidRequest(message: "m"),
    .notFound(message: nil), .notFound(message: "replay: no recording"),
    .serverError(status: 503, attempts: 3), .unexpectedStatus(418),
    .decoding(.malformed(reason: "r")), .decoding(.notITunesDocument(reason: "r")),
    .offlineCacheMiss, .rateLimitWait(seconds: 42),
  ]

  @Test("a loadable keeps the previous value while loading and after a failure")
  func loadable() {
    let idle = Loadable<[Int]>.idle
    #expect(idle.value == nil && !idle.isLoading && idle.error == nil)
    let loaded = Loadable.loaded([1, 2])
    #expect(loaded.loadedValue == [1, 2])
    let reloading = loaded.reloading
    #expect(reloading == .loading(previous: [1, 2]))
    #expect(reloading.value == [1, 2] && reloading.isLoading && reloading.loadedValue == nil)
    let failed = reloading.failing(.other("x"))
    #expect(failed == .failed(.other("x"), previous: [1, 2]))
    #expect(failed.value == [1, 2] && failed.error == .other("x"))
  }

  @Test("input actions clear the notice; results of effects do not")
  func inputActions() {
    #expect(AppAction.search(.queryEdited(.insert("x"))).isInput)
    #expect(AppAction.detail(.scrollRequested(.lines(1))).isInput)
    #expect(!AppAction.detail(.detailsLoaded(itemID: 1, .failure(.other("x")))).isInput)
    #expect(!AppAction.search(.rateLimitTick(now: .zero)).isInput)
    #expect(!AppAction.resized(columns: 1, rows: 1).isInput)
  }
}
