import Testing

@Test func placeholderForTerminalPOSIXTests() {
  #expect(Bool(true))
}
