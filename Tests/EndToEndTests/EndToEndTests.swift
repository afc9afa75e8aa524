import Testing

@Test func placeholderForEndToEndTests() {
  #expect(Bool(true))
}
