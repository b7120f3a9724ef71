import Testing

@Test func placeholderData() { #expect(Bool(true)) }
