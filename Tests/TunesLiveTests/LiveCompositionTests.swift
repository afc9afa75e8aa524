import Foundation
import ITunesCatalog
import ITunesClient
import Testing
import TunesStorage

@testable import TunesLive

/// The live values the composition root hands to the command line: the client must be paced
/// through the machine-wide file under the environment's runtime folder, as every tunes is.
@Suite("Composition root: the command line's live values")
struct LiveCompositionTests {
  @Test("the command line's client is paced through the shared file of its environment")
  func commandClientUsesThePacingFile() async throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("tunes-live-composition-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let environment = ["XDG_RUNTIME_DIR": root.path, "HOME": root.path]
    let configuration = try DemoServer.configuration(like: .standard)
    let live = LiveCommandValues.process(environment: environment)
    let client = live.makeClient(configuration, .patient)
    let response = try await client.search(SearchQuery(term: "golden", limit: 1))
    #expect(response.source == .network)
    let file = StoragePaths(environment: environment).pacingFile
    let text = try String(contentsOf: file, encoding: .utf8)
    let key = LivePacing.key(for: configuration.baseURL)
    let line = text.split(separator: "\n").first { $0.hasPrefix(key + " ") }
    #expect(line != nil, "no budget for \(key) in \(text)")
    // One request sent: the line's last field holds one instant.
    #expect(line?.split(separator: " ").last?.split(separator: ",").count == 1)
  }
}

@Suite("Pacing budget keys")
struct PacingKeyTests {
  @Test("a host's case, a trailing dot and a written default port make no second budget")
  func normalised() throws {
    let names = [
      "https://itunes.apple.com", "https://ITUNES.apple.com", "https://itunes.apple.com.",
      "https://itunes.apple.com:443/", "HTTPS://Itunes.Apple.Com./",
    ]
    let keys = try names.map { LivePacing.key(for: try #require(URL(string: $0))) }
    #expect(Set(keys) == ["itunes.apple.com:443"], "\(keys)")
    let feeds = try names.map {
      LivePacing.key(for: .marketingTools, baseURL: try #require(URL(string: $0)))
    }
    #expect(Set(feeds) == ["rss.applemarketingtools.com:443"], "\(feeds)")
  }
}
