import Foundation
import ITunesClient
import Testing

@Suite("Client configuration")
struct ClientConfigurationTests {
  @Test("the base URL defaults to Apple's host with a 15 second timeout")
  func defaults() throws {
    let configuration = try ClientConfiguration.resolve(apiBase: nil, environment: [:])
    #expect(configuration.baseURL.absoluteString == "https://itunes.apple.com")
    #expect(configuration.timeoutSeconds == 15)
    #expect(configuration.retry.maxAttempts == 3)
    // Apple's 20 a minute, counted over 61 s: a second of margin for the time between send and
    // arrival.
    #expect(RateLimiter.shared.limit == RateLimit(requests: 20, period: .seconds(61)))
    #expect(RateLimiter.marketingTools.limit == RateLimiter.shared.limit)
    #expect(configuration.maxBodyBytes == 16 * 1024 * 1024)
    #expect(ClientConfiguration.standard.baseURL == configuration.baseURL)
  }

  @Test("--api-base wins over TUNES_API_BASE, which wins over the default")
  func precedence() throws {
    let environment = ["TUNES_API_BASE": "http://127.0.0.1:9000"]
    let both = try ClientConfiguration.resolve(
      apiBase: "http://localhost:8000", environment: environment)
    #expect(both.baseURL.absoluteString == "http://localhost:8000")
    let envOnly = try ClientConfiguration.resolve(apiBase: nil, environment: environment)
    #expect(envOnly.baseURL.absoluteString == "http://127.0.0.1:9000")
    let emptyEnv = try ClientConfiguration.resolve(
      apiBase: nil, environment: ["TUNES_API_BASE": ""])
    #expect(emptyEnv.baseURL.absoluteString == "https://itunes.apple.com")
  }

  @Test(
    "plain http is accepted only for loopback hosts",
    arguments: [
      ("http://127.0.0.1:8080", true), ("http://127.1.2.3", true), ("http://localhost:1", true),
      ("http://[::1]:8080", true), ("https://example.com", true),
      ("https://itunes.apple.com/prefix", true), ("http://itunes.apple.com", false),
      ("http://128.0.0.1", false), ("http://127.0.0.1.evil.com", false),
      ("http://10.0.0.1", false), ("ftp://127.0.0.1", false), ("itunes.apple.com", false),
      ("https://", false), ("https://x.com/?a=1", false), ("not a url", false),
    ])
  func loopbackRule(url: String, accepted: Bool) {
    let result = Result { () throws(ClientError) in try ClientConfiguration.validatedBaseURL(url) }
    switch result {
    case .success(let parsed):
      #expect(accepted, "accepted \(url)")
      #expect(parsed.absoluteString == url)
    case .failure(let error):
      #expect(!accepted, "refused \(url): \(error)")
      guard case .invalidBaseURL(let text, _) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(text == url)
    }
  }

  @Test("a refused http base URL says plain http is for loopback only")
  func refusalMessage() {
    #expect(throws: ClientError.self) {
      try ClientConfiguration.resolve(apiBase: "http://example.com", environment: [:])
    }
    do {
      _ = try ClientConfiguration.resolve(apiBase: "http://example.com", environment: [:])
    } catch {
      #expect(error.errorDescription?.contains("plain http is allowed only for") == true)
      #expect(error.recoverySuggestion?.contains("127.0.0.1") == true)
    }
  }

  @Test(
    "the timeout must be a positive number of seconds",
    arguments: ["0", "-1", "abc", "", "nan", "inf", "100000"])
  func badTimeouts(text: String) {
    #expect(throws: ClientError.invalidTimeout(text)) {
      try ClientConfiguration.resolve(apiBase: nil, timeout: text, environment: [:])
    }
  }

  @Test("a fractional timeout is kept")
  func fractionalTimeout() throws {
    let configuration = try ClientConfiguration.resolve(
      apiBase: nil, timeout: "2.5", environment: [:])
    #expect(configuration.timeoutSeconds == 2.5)
  }

  @Test("TUNES_HTTP_TRANSPORT picks the transport; libcurl is the default on Linux")
  func transportChoice() throws {
    #expect(try ClientConfiguration.resolve(apiBase: nil, environment: [:]).transport == .curl)
    let chosen = try ClientConfiguration.resolve(
      apiBase: nil, environment: ["TUNES_HTTP_TRANSPORT": "URLSession"])
    #expect(chosen.transport == .urlSession)
    #expect(throws: ClientError.invalidTransport("wget")) {
      try ClientConfiguration.resolve(apiBase: nil, environment: ["TUNES_HTTP_TRANSPORT": "wget"])
    }
  }
}

@Suite("API base passwords stay out of logs and doctor")
struct PasswordRedactionTests {
  @Test(
    "a password is replaced by ****, anything else is kept",
    arguments: [
      ("https://user:s3cret@proxy.example/itunes", "https://user:****@proxy.example/itunes"),
      ("http://127.0.0.1:8123", "http://127.0.0.1:8123"),
      ("https://user@proxy.example", "https://user@proxy.example"),
    ])
  func redacted(text: String, expected: String) {
    #expect(ClientConfiguration.redactingPassword(text) == expected)
  }
}
