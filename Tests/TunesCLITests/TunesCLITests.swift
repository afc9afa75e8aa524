import Testing

@Test func placeholderForTunesCLITests() {
  #expect(Bool(true))
}
