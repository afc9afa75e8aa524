import Testing

@Test func placeholderForITunesReplayTests() {
  #expect(Bool(true))
}
