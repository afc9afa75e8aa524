import ITunesCatalog
import Testing

@testable import TunesCLI

@Suite("Typed options")
struct OptionKeyTests {
  let parser = ArgumentParser(
    command: "search",
    options: [
      Options.limit.option(help: "n"), Options.media.option(help: "m"),
      Options.explicit.option(help: "e"), Options.format.option(help: "f"),
      Options.country.option(help: "c"), Options.failEmpty.option(help: "x"),
    ])

  @Test("values are read typed through the key that declared them")
  func typed() throws {
    let parsed = try parser.parse([
      "--limit", "7", "--media", "Music", "--explicit", "no", "--format", "csv", "--fail-empty",
    ])
    #expect(try parsed(Options.limit) == 7)
    #expect(try parsed(Options.media) == .music)
    #expect(try parsed(Options.explicit) == false)
    #expect(try parsed(Options.format) == .csv)
    #expect(parsed(Options.country) == nil)
    #expect(parsed(Options.failEmpty))
    #expect(!parsed(Options.help))
  }

  @Test("a number that is not one is a usage error naming the option")
  func notANumber() throws {
    let parsed = try parser.parse(["--limit", "seven"])
    do {
      _ = try parsed(Options.limit)
      Issue.record("--limit seven was read as a number")
    } catch {
      guard case .usage(let message, _) = error else {
        Issue.record("not a usage error: \(error)")
        return
      }
      #expect(message == "--limit needs a whole number, not \"seven\".")
    }
  }
}
