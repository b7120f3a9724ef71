import Foundation
import MateRunMate
import MateRunScenarios
import MateRunSocket
import MateRunDomain

/// What one fuzz input exercises. The first byte picks it (`w`, `g`, `j`, `f`, `t`, else the byte
/// modulo 3 among the first three) unless `MATERUN_FUZZ_MODE` (`wire`, `gpx`, `json`, `fit`,
/// `tcx`) forces one; the rest is the payload.
enum FuzzMode: String, Sendable {
    case wire, gpx, json, fit, tcx

    static let forced: FuzzMode? = ProcessInfo.processInfo.environment["MATERUN_FUZZ_MODE"].flatMap(FuzzMode.init)

    init(selector: UInt8) {
        switch selector {
        case UInt8(ascii: "w"): self = .wire
        case UInt8(ascii: "g"): self = .gpx
        case UInt8(ascii: "j"): self = .json
        case UInt8(ascii: "f"): self = .fit
        case UInt8(ascii: "t"): self = .tcx
        default: self = [.wire, .gpx, .json][Int(selector % 3)]
        }
    }
}

/// Runs one input through a parser. Throwing a clear error is fine; anything that traps is a bug,
/// and so is a broken invariant: `run` `fatalError`s on one so that libFuzzer keeps the input,
/// and `problems` lists them, so that the tests replay the corpus with the same checks.
struct FuzzTarget {
    private var problems: [String] = []

    /// Runs `input` and stops the process at the first broken invariant.
    static func run(_ input: [UInt8]) {
        if let problem = problems(input).first { fatalError(problem) }
    }

    /// The invariants `input` breaks, empty when it passed; `mode` overrides the selector byte.
    static func problems(_ input: [UInt8], mode: FuzzMode? = FuzzMode.forced) -> [String] {
        guard let selector = input.first else { return [] }
        let payload = Array(input.dropFirst())
        var target = FuzzTarget()
        switch mode ?? FuzzMode(selector: selector) {
        case .wire: target.wire(payload)
        case .gpx: target.scenario(payload, path: "fuzz.gpx")
        case .json: target.scenario(payload, path: "fuzz.json")
        case .fit: target.scenario(payload, path: "fuzz.fit")
        case .tcx: target.scenario(payload, path: "fuzz.tcx")
        }
        return target.problems
    }

    // MARK: Wire

    /// The frame decoder over the payload (whole, and cut in two where its first byte says), then
    /// every frame, and the raw payload as one frame, through the codec.
    mutating func wire(_ payload: [UInt8]) {
        let limit = 4096
        var whole = FrameDecoder(maxFrameBytes: limit)
        let wholeResult = Result { () throws(FrameError) in try whole.append(payload) }

        var pieces = FrameDecoder(maxFrameBytes: limit)
        let cut = payload.isEmpty ? 0 : Int(payload[0]) % (payload.count + 1)
        let piecesResult = Result { () throws(FrameError) -> [[UInt8]] in
            try pieces.append(payload[..<cut]) + pieces.append(payload[cut...])
        }
        switch (wholeResult, piecesResult) {
        case (.success(let a), .success(let b)):
            require(a == b && whole.bufferedByteCount == pieces.bufferedByteCount, "FrameDecoder: cutting the bytes changed the frames")
        case (.failure(let a), .failure(let b)):
            require(a == b, "FrameDecoder: cutting the bytes changed the error (\(a) vs \(b))")
        default:
            require(false, "FrameDecoder: cutting the bytes changed success into failure or back")
        }
        if case .success(let frames) = wholeResult {
            for frame in frames {
                require(frame.count <= limit, "FrameDecoder: frame over the limit")
                frameChecks(frame)
            }
        }
        frameChecks(payload)
    }

    /// Whatever decodes re-encodes to a frame that decodes to the same message.
    mutating func frameChecks(_ frame: [UInt8]) {
        let decoded = Result { () throws(MateWireError) in try MateWireCodec.decode(frame) }
        switch decoded {
        case .success(let message):
            let encoded = MateWireCodec.encode(message)
            require(encoded.last == UInt8(ascii: "\n"), "encode: frame without its newline")
            let again = Result { () throws(MateWireError) in try MateWireCodec.decode(Array(encoded.dropLast())) }
            require(again == .success(message), "round trip changed \(message) into \(again)")
        case .failure(let error):
            require(!error.description.isEmpty, "empty error description")
        }
    }

    // MARK: Scenarios

    mutating func scenario(_ payload: [UInt8], path: String) {
        do {
            let scenario = try ScenarioLoader.load(bytes: payload, path: path)
            require(!scenario.locations.isEmpty, "a loaded scenario without locations")
            require(scenario.durationSeconds.isFinite, "a loaded scenario with a non-finite duration")
        } catch {
            require(!error.description.isEmpty, "empty error description")
        }
    }

    private mutating func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { problems.append(message()) }
    }
}
