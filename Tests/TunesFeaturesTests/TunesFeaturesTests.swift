import Testing

@Test func placeholderForTunesFeaturesTests() {
  #expect(Bool(true))
}
