import MateRunJSON

/// What the client sends, as bytes on the wire: the one place the client side of the protocol
/// is spelled. Validation of subjects and sizes happens before a command is built.
enum NATSCommand {
    /// A user's answer to the server's nonce: the public key `U…`, the signature, the JWT if any.
    struct NonceProof {
        var publicKey: String
        var signature: String
        var jwt: String?
    }

    static func connect(credentials: NATSURL.Credentials, name: String, proof: NonceProof? = nil, tls: Bool = false) -> [UInt8] {
        var members: [(String, JSON)] = [
            ("verbose", .bool(false)), ("pedantic", .bool(false)), ("tls_required", .bool(tls)),
            ("name", .string(name)), ("lang", .string("swift")), ("version", .string("materun")),
            ("protocol", .integer(1)), ("headers", .bool(true)), ("no_responders", .bool(true)),
        ]
        switch credentials {
        case .none: break
        case .token(let token): members.append(("auth_token", .string(token)))
        case .user(let user, let password):
            members.append(("user", .string(user)))
            members.append(("pass", .string(password)))
        }
        if let proof {
            if let jwt = proof.jwt { members.append(("jwt", .string(jwt))) }
            members.append(("nkey", .string(proof.publicKey)))
            members.append(("sig", .string(proof.signature)))
        }
        return Array("CONNECT \(JSON.object(members).jsonText)\r\n".utf8)
    }

    static func publish(subject: String, replyTo: String?, headers: [UInt8]?, payload: [UInt8]) -> [UInt8] {
        let reply = replyTo.map { " " + $0 } ?? ""
        var bytes: [UInt8]
        if let headers {
            bytes = Array("HPUB \(subject)\(reply) \(headers.count) \(headers.count + payload.count)\r\n".utf8)
            bytes.reserveCapacity(bytes.count + headers.count + payload.count + 2)
            bytes.append(contentsOf: headers)
        } else {
            bytes = Array("PUB \(subject)\(reply) \(payload.count)\r\n".utf8)
            bytes.reserveCapacity(bytes.count + payload.count + 2)
        }
        bytes.append(contentsOf: payload)
        bytes.append(contentsOf: [0x0D, 0x0A])
        return bytes
    }

    static func subscribe(subject: String, queue: String?, sid: UInt64) -> [UInt8] {
        Array("SUB \(subject)\(queue.map { " " + $0 } ?? "") \(sid)\r\n".utf8)
    }

    static func unsubscribe(sid: UInt64) -> [UInt8] {
        Array("UNSUB \(sid)\r\n".utf8)
    }

    static let ping = Array("PING\r\n".utf8)
    static let pong = Array("PONG\r\n".utf8)
}
