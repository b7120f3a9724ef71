import Testing

@Test func placeholderDomain() { #expect(Bool(true)) }
