import Testing

@Test func placeholderForTerminalUITests() {
  #expect(Bool(true))
}
