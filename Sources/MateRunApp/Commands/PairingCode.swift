/// The code a host prints and a joiner must give: six random digits, like a phone's pairing code.
enum PairingCode {
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<6).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
    }
}
