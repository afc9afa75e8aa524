import Testing

@Test func placeholderForAppArchitectureTests() {
  #expect(Bool(true))
}
