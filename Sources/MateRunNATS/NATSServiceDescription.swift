/// What a service says about itself to the NATS service discovery requests (`$SRV.PING`,
/// `$SRV.INFO`, `$SRV.STATS`, the "micro" protocol of the NATS clients): so that standard NATS
/// tools (`nats micro ls`, `nats micro stats`) list a running service and its numbers.
package struct NATSServiceDescription: Sendable, Equatable {
    /// One subject the service answers on.
    package struct Endpoint: Sendable, Equatable {
        package var name: String
        package var subject: String
        /// The queue group its instances share the requests in; nil when every instance takes each.
        package var queueGroup: String?
        package var metadata: [String: String]

        package init(name: String, subject: String, queueGroup: String? = "q", metadata: [String: String] = [:]) {
            self.name = name
            self.subject = subject
            self.queueGroup = queueGroup
            self.metadata = metadata
        }
    }

    /// The kind of service, shared by all its instances: letters, digits, `-` and `_`.
    package var name: String
    /// This instance, unique among them.
    package var id: String
    /// A semantic version, `1.2.3` (with `-pre` or `+build` when given).
    package var version: String
    package var description: String
    package var metadata: [String: String]
    package var endpoints: [Endpoint]

    package init(
        name: String, id: String, version: String, description: String = "", metadata: [String: String] = [:], endpoints: [Endpoint] = []
    ) {
        self.name = name
        self.id = id
        self.version = version
        self.description = description
        self.metadata = metadata
        self.endpoints = endpoints
    }

    /// Throws when the name, id or version breaks the protocol's patterns.
    package func validate() throws(NATSError) {
        guard Self.isName(name) else { throw .invalidSubject("service name \(name): use letters, digits, - and _") }
        guard Self.isName(id) else { throw .invalidSubject("service id \(id): use letters, digits, - and _") }
        let core = version.prefix { $0 != "-" && $0 != "+" }.split(separator: ".", omittingEmptySubsequences: false)
        guard core.count == 3, core.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else {
            throw .invalidSubject("service version \(version): expected MAJOR.MINOR.PATCH")
        }
        for endpoint in endpoints {
            try NATSSubject.validate(endpoint.subject, wildcards: true)
            if let queue = endpoint.queueGroup { try NATSSubject.validateQueue(queue) }
        }
    }

    /// Letters, digits, `-` and `_` (the protocol's `^[a-zA-Z0-9_-]+$`).
    package static func isName(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default: false
                }
            }
    }
}

/// The numbers of one endpoint in a `$SRV.STATS` answer, as the service's owner counts them;
/// `data` carries the owner's own figures (a JSON object: groups held, messages judged).
package struct NATSServiceEndpointStats: Sendable, Equatable {
    package var name: String
    package var requests: Int = 0
    package var errors: Int = 0
    package var lastError: String = ""
    package var processingTime: Duration = .zero
    package var data: [String: Int] = [:]

    package init(name: String, requests: Int = 0, errors: Int = 0, lastError: String = "", processingTime: Duration = .zero, data: [String: Int] = [:]) {
        self.name = name
        self.requests = requests
        self.errors = errors
        self.lastError = lastError
        self.processingTime = processingTime
        self.data = data
    }
}
