import Testing

@Test func placeholderPresentation() { #expect(Bool(true)) }
