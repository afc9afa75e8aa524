import Foundation
import Testing

@testable import TunesFeatures

@Suite("Browser opener")
struct BrowserOpenerTests {
  static let link = "https://music.apple.com/us/album/x/1"

  @Test("a program that exits 0 opens the link")
  func success() async throws {
    let url = try #require(URL(string: Self.link))
    try await BrowserOpener.open(url, executable: URL(fileURLWithPath: "/bin/true"))
  }

  @Test("a non-zero exit is a failure with the status")
  func failure() async throws {
    let url = try #require(URL(string: Self.link))
    await #expect(throws: BrowserOpener.Failure.failed(status: 1)) {
      try await BrowserOpener.open(url, executable: URL(fileURLWithPath: "/bin/false"))
    }
  }

  @Test("a missing program cannot start")
  func missing() async throws {
    let url = try #require(URL(string: Self.link))
    await #expect {
      try await BrowserOpener.open(
        url, executable: URL(fileURLWithPath: "/nonexistent/xdg-open-missing"))
    } throws: { error in
      if case BrowserOpener.Failure.cannotStart = error { return true }
      return false
    }
  }

  @Test("a link that is not http(s) is refused before anything runs")
  func refused() async throws {
    let file = try #require(URL(string: "file:///etc/passwd"))
    await #expect(throws: BrowserOpener.Failure.refused("file:///etc/passwd")) {
      try await BrowserOpener.open(file, executable: URL(fileURLWithPath: "/bin/true"))
    }
  }

  @Test("the URL is passed as one argument, not through a shell")
  func argument() async throws {
    let odd = try #require(URL(string: "https://a.example/x?q=1;touch%20/tmp/pwned"))
    try await BrowserOpener.open(
      odd, executable: URL(fileURLWithPath: "/bin/sh"),
      arguments: ["-c", "test \"$0\" = 'https://a.example/x?q=1;touch%20/tmp/pwned'"])
  }
}
