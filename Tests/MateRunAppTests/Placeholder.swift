import Testing

@Test func placeholderApp() { #expect(Bool(true)) }
