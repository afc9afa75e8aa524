import Testing

@Test func placeholderForITunesClientTests() {
  #expect(Bool(true))
}
