import Testing

@testable import Artwork

@Suite struct ArtworkModuleTests {
  @Test func moduleLinks() { _ = Artwork.self }
}
