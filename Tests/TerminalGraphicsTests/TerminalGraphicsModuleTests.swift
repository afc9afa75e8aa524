import Testing

@testable import TerminalGraphics

@Suite struct TerminalGraphicsModuleTests {
  @Test func moduleLinks() { _ = TerminalGraphics.self }
}
