import Testing

@Test func placeholderForITunesCatalogTests() {
  #expect(Bool(true))
}
