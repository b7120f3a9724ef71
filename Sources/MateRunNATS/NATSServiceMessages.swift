import MateRunJSON

/// The discovery protocol of NATS services apart from the connection, so that it is tested on
/// bytes: the subjects an instance answers on, and its three answers.
package enum NATSServiceMessages {
    package enum Verb: String, Sendable, CaseIterable {
        case ping = "PING"
        case info = "INFO"
        case stats = "STATS"

        /// The `type` of the answer.
        var responseType: String { "io.nats.micro.v1.\(rawValue.lowercased())_response" }
    }

    /// The subjects an instance answers on: `$SRV.<VERB>`, `$SRV.<VERB>.<name>` and
    /// `$SRV.<VERB>.<name>.<id>`, for each verb.
    package static func subjects(for service: NATSServiceDescription) -> [(subject: String, verb: Verb)] {
        Verb.allCases.flatMap { verb in
            ["$SRV.\(verb.rawValue)", "$SRV.\(verb.rawValue).\(service.name)", "$SRV.\(verb.rawValue).\(service.name).\(service.id)"]
                .map { (subject: $0, verb: verb) }
        }
    }

    /// The answer to `verb`: `started` is the instance's start in RFC 3339 (UTC), for STATS.
    package static func response(
        _ verb: Verb, service: NATSServiceDescription, started: String, stats: [NATSServiceEndpointStats]
    ) -> [UInt8] {
        var members: [(String, JSON)] = [
            ("type", .string(verb.responseType)), ("name", .string(service.name)), ("id", .string(service.id)),
            ("version", .string(service.version)), ("metadata", strings(service.metadata)),
        ]
        switch verb {
        case .ping:
            break
        case .info:
            members.append(("description", .string(service.description)))
            members.append((
                "endpoints",
                .array(service.endpoints.map { endpoint in
                    .object(endpointIdentity(endpoint) + [("metadata", strings(endpoint.metadata))])
                })
            ))
        case .stats:
            members.append(("started", .string(started)))
            members.append((
                "endpoints",
                .array(service.endpoints.map { endpoint in
                    let counted = stats.first { $0.name == endpoint.name } ?? NATSServiceEndpointStats(name: endpoint.name)
                    let total = nanoseconds(counted.processingTime)
                    var fields = endpointIdentity(endpoint) + [
                        ("num_requests", .integer(counted.requests)), ("num_errors", .integer(counted.errors)),
                        ("last_error", .string(counted.lastError)), ("processing_time", .integer(total)),
                        ("average_processing_time", .integer(counted.requests > 0 ? total / counted.requests : 0)),
                    ]
                    if !counted.data.isEmpty {
                        fields.append(("data", .object(counted.data.sorted { $0.key < $1.key }.map { ($0.key, .integer($0.value)) })))
                    }
                    return .object(fields)
                })
            ))
        }
        return Array(JSON.object(members).jsonText.utf8)
    }

    private static func endpointIdentity(_ endpoint: NATSServiceDescription.Endpoint) -> [(String, JSON)] {
        var fields: [(String, JSON)] = [("name", .string(endpoint.name)), ("subject", .string(endpoint.subject))]
        if let queue = endpoint.queueGroup { fields.append(("queue_group", .string(queue))) }
        return fields
    }

    /// A string map as a JSON object, its keys sorted so that the answer is the same each time.
    private static func strings(_ map: [String: String]) -> JSON {
        .object(map.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
    }

    private static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}
