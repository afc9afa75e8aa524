import Testing

@Test func placeholderForTunesTUITests() {
  #expect(Bool(true))
}
