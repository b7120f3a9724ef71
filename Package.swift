// swift-tools-version:6.0
import PackageDescription

// Each layer, and each subsystem of the outer layer, is a target, so that the compiler enforces
// the dependency rule (scripts/check-layers.sh checks the imports too):
//
//   MateRunDomain        entities, rules, use cases, and the ports they call; no platform module
//   MateRunJSON          the one JSON: parser with line:column errors, writers; imports nothing
//   MateRunPresentation  view models and terminal views           → Domain, JSON
//   MateRunScenarios     scenario files and replay sensors         → Domain, JSON
//   MateRunCrypto        OpenSSL 3 loaded at run time: Ed25519, SHA-256, HMAC-SHA-256, random; key encodings; imports only Glibc
//   MateRunTLS           a TLS client through OpenSSL 3's libssl, as a Socket byte stream → Crypto, Socket
//   MateRunSocket        generic TCP: listener, connection, framing, the one epoll poller; knows nothing of mates
//   MateRunMate          the mate wire protocol, pairing and link  → Domain, Socket, JSON
//   MateRunNATS          a NATS client (no mate words)             → Socket, JSON, Crypto, TLS
//   MateRunGroup         group runs and spectators over NATS, signed → Domain, NATS, JSON, Crypto
//   MateRunRelay         byte streams carried through NATS, signed, no port → NATS, Socket, Crypto
//   MateRunRecords       the run history on disk, GPX/TCX/NMEA export → Domain, JSON
//   MateRunGPSD          a real GPS: gpsd's JSON client, live sensors → Domain, Socket, JSON
//   MateRunApp           composition root, flows, command line     → all
/// `package` access (the targets are one program's parts, not a library's API) gets the
/// cross-module optimisation `public` would get by default: without it, every small getter of a
/// Domain entity is a call from Presentation, and the view model is ~20% slower (BENCHMARKS.md).
let packageCMO: [SwiftSetting] = [
    .unsafeFlags(["-package-cmo", "-allow-non-resilient-access"], .when(configuration: .release)),
]


let package = Package(
    name: "materun",
    products: [
        .executable(name: "materun", targets: ["materun"]),
    ],
    targets: [
        .target(name: "MateRunDomain", swiftSettings: packageCMO),
        .target(name: "MateRunJSON", swiftSettings: packageCMO),
        .target(name: "MateRunPresentation", dependencies: ["MateRunDomain", "MateRunJSON"], swiftSettings: packageCMO),
        .target(name: "MateRunScenarios", dependencies: ["MateRunDomain", "MateRunJSON"], swiftSettings: packageCMO),
        .target(name: "MateRunCrypto", swiftSettings: packageCMO),
        .target(name: "MateRunSocket", dependencies: ["CEpoll"], swiftSettings: packageCMO),
        .target(name: "MateRunTLS", dependencies: ["MateRunCrypto", "MateRunSocket"], swiftSettings: packageCMO),
        .target(name: "MateRunMate", dependencies: ["MateRunDomain", "MateRunSocket", "MateRunJSON"], swiftSettings: packageCMO),
        .target(name: "MateRunNATS", dependencies: ["MateRunSocket", "MateRunJSON", "MateRunCrypto", "MateRunTLS"], swiftSettings: packageCMO),
        .target(name: "MateRunGroup", dependencies: ["MateRunDomain", "MateRunNATS", "MateRunJSON", "MateRunCrypto"], swiftSettings: packageCMO),
        .target(name: "MateRunRelay", dependencies: ["MateRunNATS", "MateRunSocket", "MateRunCrypto"], swiftSettings: packageCMO),
        .target(name: "MateRunRecords", dependencies: ["MateRunDomain", "MateRunJSON"], swiftSettings: packageCMO),
        .target(name: "MateRunGPSD", dependencies: ["MateRunDomain", "MateRunSocket", "MateRunJSON"], swiftSettings: packageCMO),
        .target(name: "CEpoll"),
        .target(name: "MateRunWeb", dependencies: ["MateRunSocket"], swiftSettings: packageCMO),
        .target(
            name: "MateRunApp",
            dependencies: [
                "MateRunDomain", "MateRunPresentation", "MateRunScenarios", "MateRunSocket", "MateRunMate", "MateRunRecords",
                "MateRunGPSD", "MateRunNATS", "MateRunGroup", "MateRunJSON", "MateRunRelay", "MateRunWeb", "MateRunTLS", "MateRunCrypto",
            ]
        ),
        .executableTarget(name: "materun", dependencies: ["MateRunApp"]),
        .target(name: "MateRunTestSupport", dependencies: ["MateRunDomain"]),
        // A real nats-server for tests and benchmarks, started on a port of its own and ended by PID.
        .target(name: "MateRunNATSTestSupport", dependencies: ["MateRunNATS", "MateRunSocket", "MateRunTestSupport", "MateRunJSON"]),
        .executableTarget(
            name: "MateRunBenchmarks",
            dependencies: [
                "MateRunDomain", "MateRunScenarios", "MateRunPresentation", "MateRunRecords", "MateRunTestSupport",
            ]
        ),
        .executableTarget(
            name: "MateLatencyBenchmark",
            dependencies: ["MateRunDomain", "MateRunSocket", "MateRunMate", "MateRunTestSupport"]
        ),
        // Group runs at scale through real nats-servers, one and a 3-node cluster: BENCHMARKS.md.
        .executableTarget(
            name: "MateRunNATSBenchmark",
            dependencies: ["MateRunDomain", "MateRunGroup", "MateRunNATS", "MateRunNATSTestSupport", "MateRunTestSupport", "MateRunSocket", "MateRunCrypto"]),
        // The group service through real failures (takeover times, a loaded race): BENCHMARKS.md (h).
        .executableTarget(
            name: "MateRunServiceBenchmark",
            dependencies: ["MateRunDomain", "MateRunGroup", "MateRunNATS", "MateRunNATSTestSupport", "MateRunTestSupport", "MateRunCrypto"]),
        // libFuzzer target for the wire codec and the scenario loaders: scripts/fuzz.sh, docs/FUZZING.md.
        .executableTarget(name: "MateRunFuzz", dependencies: ["MateRunScenarios", "MateRunMate", "MateRunDomain", "MateRunJSON"]),
        .testTarget(
            name: "MateRunDomainTests",
            // "MateRunScenarios": the use case's tests replay known samples through RecordedSensor.
            dependencies: ["MateRunDomain", "MateRunScenarios", "MateRunTestSupport"]
        ),
        .testTarget(name: "MateRunJSONTests", dependencies: ["MateRunJSON", "MateRunDomain"]),
        .testTarget(
            name: "MateRunScenariosTests",
            dependencies: ["MateRunScenarios", "MateRunDomain", "MateRunTestSupport"],
            // FIT and TCX files shaped as devices write them (scripts/make-device-fixtures.py), read by path.
            exclude: ["DeviceFiles"]
        ),
        .testTarget(
            name: "MateRunRecordsTests",
            // "MateRunScenarios": the FIT export is read back by materun's own FIT reader.
            dependencies: ["MateRunRecords", "MateRunDomain", "MateRunJSON", "MateRunScenarios"]),
        .testTarget(name: "MateRunGPSDTests", dependencies: ["MateRunGPSD", "MateRunDomain", "MateRunSocket", "MateRunTestSupport"]),
        .testTarget(name: "MateRunCryptoTests", dependencies: ["MateRunCrypto"]),
        .testTarget(name: "MateRunWebTests", dependencies: ["MateRunWeb", "MateRunSocket", "MateRunTestSupport"]),
        .testTarget(name: "MateRunSocketTests", dependencies: ["MateRunSocket", "MateRunDomain", "MateRunTestSupport"]),
        .testTarget(
            name: "MateRunNATSTests",
            dependencies: [
                "MateRunNATS", "MateRunSocket", "MateRunTestSupport", "MateRunNATSTestSupport", "MateRunCrypto", "MateRunTLS",
            ]),
        .testTarget(
            name: "MateRunRelayTests",
            dependencies: [
                "MateRunRelay", "MateRunNATS", "MateRunSocket", "MateRunTestSupport", "MateRunNATSTestSupport", "MateRunCrypto",
            ]),
        .testTarget(
            name: "MateRunGroupTests",
            dependencies: [
                "MateRunGroup", "MateRunNATS", "MateRunDomain", "MateRunTestSupport", "MateRunNATSTestSupport", "MateRunCrypto",
            ]),
        .testTarget(
            name: "MateRunMateTests",
            // "MateRunFuzz": the corpus in Fuzz/corpus is replayed through the fuzz target's checks.
            dependencies: ["MateRunMate", "MateRunSocket", "MateRunDomain", "MateRunJSON", "MateRunTestSupport", "MateRunFuzz"]
        ),
        .testTarget(
            name: "MateRunPresentationTests",
            dependencies: ["MateRunPresentation", "MateRunDomain", "MateRunJSON", "MateRunTestSupport"],
            resources: [.copy("Golden")]
        ),
        .testTarget(
            name: "MateRunAppTests",
            // "materun": the paired-process tests run the real executable, so `swift test` builds it.
            dependencies: [
                "MateRunApp", "MateRunScenarios", "MateRunMate", "MateRunDomain", "MateRunPresentation", "MateRunRecords",
                "MateRunSocket", "MateRunGPSD", "MateRunTestSupport", "materun", "MateRunGroup", "MateRunNATS",
                "MateRunNATSTestSupport", "MateRunTLS",
            ],
            exclude: ["Golden", "DeviceGPX"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// One concurrency model for every target, tests and tools included (set here so that no new
// target can miss it): a nonisolated `async` function runs on its caller's executor instead of
// hopping to the global one (a replay at --speed max makes several such calls per sample), so
// `async` means the same thing in every file.
for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
}

// A release build links the Swift runtime and Foundation into each program: it runs on a machine
// without the toolchain, and starts in 3 ms instead of 8 with 7 MB less resident, since no shared
// library is relocated at load (BENCHMARKS.md (b)). Every module of it is compiled against the
// static modules, whose link lists name the static libraries. A debug build, which the tests
// run, links against the shared ones, faster.
let staticStandardLibrary: [String] = ["-static-stdlib"]
for target in package.targets where target.type != .test {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(staticStandardLibrary, .when(configuration: .release))]
    if target.type == .executable {
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(staticStandardLibrary, .when(configuration: .release))]
    }
}
