// swift-tools-version:6.0
import PackageDescription

// Layers are targets so that the compiler enforces the dependency rule:
// Data → Domain ← Presentation, and App → all.
let package = Package(
    name: "materun",
    products: [
        .executable(name: "materun", targets: ["materun"]),
    ],
    targets: [
        .target(
            name: "MateRunDomain",
            // An async call runs on its caller's executor instead of hopping to the global one:
            // a replay at --speed max makes several such calls per sample.
            swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
        ),
        .target(name: "MateRunData", dependencies: ["MateRunDomain"]),
        .target(name: "MateRunPresentation", dependencies: ["MateRunDomain"]),
        .target(
            name: "MateRunApp",
            dependencies: ["MateRunDomain", "MateRunData", "MateRunPresentation"]
        ),
        .executableTarget(name: "materun", dependencies: ["MateRunApp"]),
        .target(name: "MateRunTestSupport", dependencies: ["MateRunDomain"]),
        .executableTarget(
            name: "MateRunBenchmarks",
            dependencies: ["MateRunDomain", "MateRunData", "MateRunPresentation", "MateRunTestSupport"]
        ),
        .executableTarget(name: "MateLatencyBenchmark", dependencies: ["MateRunDomain", "MateRunData"]),
        // libFuzzer target for the wire codec and the scenario loaders: scripts/fuzz.sh, docs/FUZZING.md.
        .executableTarget(name: "MateRunFuzz", dependencies: ["MateRunData", "MateRunDomain"]),
        .testTarget(name: "MateRunDomainTests", dependencies: ["MateRunDomain", "MateRunTestSupport"]),
        .testTarget(name: "MateRunDataTests", dependencies: ["MateRunData", "MateRunDomain", "MateRunTestSupport"]),
        .testTarget(
            name: "MateRunPresentationTests",
            dependencies: ["MateRunPresentation", "MateRunDomain", "MateRunTestSupport"],
            resources: [.copy("Golden")]
        ),
        .testTarget(
            name: "MateRunAppTests",
            // "materun": the paired-process tests run the real executable, so `swift test` builds it.
            dependencies: ["MateRunApp", "MateRunData", "MateRunDomain", "MateRunPresentation", "MateRunTestSupport", "materun"],
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
