import Testing

@Test func placeholderForTunesStorageTests() {
  #expect(Bool(true))
}
