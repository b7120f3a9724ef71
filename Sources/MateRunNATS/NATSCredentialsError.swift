/// Why NATS credentials (an NKEY seed, a `.creds` file) cannot be used. No case carries the
/// secret itself, so a message can be shown and logged.
package enum NATSCredentialsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text holds no seed (no `SU…`, no NKEY SEED section).
    case noSeed
    /// The seed is there but is not a user's seed; the reason says why.
    case badSeed(String)
    /// A `.creds` file whose JWT section is empty or not one token.
    case badJWT(String)
    /// The platform's cryptography could not sign.
    case cryptography(String)

    package var description: String {
        switch self {
        case .noSeed: "no NKEY seed found (expected a user seed SU… or a .creds file with a USER NKEY SEED section)"
        case .badSeed(let reason): "the NKEY seed cannot be used: \(reason)"
        case .badJWT(let reason): "the user JWT in the .creds file cannot be used: \(reason)"
        case .cryptography(let reason): "cannot sign with the NKEY: \(reason)"
        }
    }
}
