extension RunFormat {
    /// Whole kilocalories shown, truncated.
    static func wholeKilocalories(_ kilocalories: Double) -> Int {
        truncatedCount(kilocalories)
    }

    /// `312 kcal`: whole kilocalories, truncated.
    package static func kilocalories(_ amount: Double) -> String {
        kilocalories(whole: wholeKilocalories(amount))
    }

    static func kilocalories(whole: Int) -> String {
        String(asciiCapacity: ASCIIWriter.digitCount(whole) + 5) { text in
            text.append(whole)
            text.append(" kcal")
        }
    }
}
