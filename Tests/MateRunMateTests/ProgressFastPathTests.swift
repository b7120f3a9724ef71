import Foundation
import MateRunDomain
import Testing
@testable import MateRunMate

/// `ProgressFastPath` must never change what `decode` answers: whenever it answers, the general
/// parser gives the same progress (to the bit), and `decode` gives the general parser's result,
/// error included, for every frame.
@Suite struct ProgressFastPathTests {
    static let fields: [(key: String, value: String)] = [
        ("type", #""progress""#),
        ("seq", "12"),
        ("elapsed_s", "61.25"),
        ("moving_s", "58.5"),
        ("distance_m", "203.4172"),
        ("kcal", "14.03"),
        ("paused", "false"),
    ]

    static func frame(_ fields: [(key: String, value: String)], separator: String = "") -> String {
        "{" + fields.map { "\"\($0.key)\"\(separator):\(separator)\($0.value)" }.joined(separator: ",\(separator)") + "}"
    }

    static func replacing(_ key: String, with value: String) -> String {
        frame(fields.map { $0.key == key ? ($0.key, value) : $0 })
    }

    /// Checks agreement on one frame; returns whether the fast path answered.
    @discardableResult
    static func agree(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        agree(Array(text.utf8), sourceLocation: sourceLocation)
    }

    @discardableResult
    static func agree(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let general: Result<MateMessage, MateWireError>
        do throws(MateWireError) {
            general = .success(try MateWireCodec.decodeGenerally(bytes))
        } catch {
            general = .failure(error)
        }
        let decoded: Result<MateMessage, MateWireError>
        do throws(MateWireError) {
            decoded = .success(try MateWireCodec.decode(bytes))
        } catch {
            decoded = .failure(error)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(decoded == general, "decode differs from the general parser for \(text)", sourceLocation: sourceLocation)
        guard let fast = ProgressFastPath.decode(bytes) else { return false }
        guard case .success(.progress(let expected)) = general else {
            Issue.record("fast path answered \(fast) where the general parser gives \(general) for \(text)", sourceLocation: sourceLocation)
            return true
        }
        #expect(fast.seq == expected.seq && fast.paused == expected.paused, "\(text)", sourceLocation: sourceLocation)
        let pairs = [
            (fast.elapsedSeconds, expected.elapsedSeconds), (fast.movingSeconds, expected.movingSeconds),
            (fast.distanceMetres, expected.distanceMetres), (fast.caloriesKilocalories, expected.caloriesKilocalories),
        ]
        for (got, want) in pairs {
            #expect(got.bitPattern == want.bitPattern, "\(got) != \(want) for \(text)", sourceLocation: sourceLocation)
        }
        return true
    }

    @Test func encodedProgressTakesTheFastPathAndReadsBackExactly() {
        var random = SplitMix(seed: 20_240_611)
        for _ in 0..<20_000 {
            let progress = MateProgress(
                seq: Int(random.next() % 9_007_199_254_740_992),
                elapsedSeconds: random.double(upTo: 10_000_000),
                movingSeconds: random.double(upTo: 10_000_000),
                distanceMetres: random.double(upTo: 100_000_000),
                caloriesKilocalories: random.double(upTo: 1_000_000),
                paused: random.next() & 1 == 1)
            let frame = Array(MateWireCodec.encode(.progress(progress)).dropLast())
            #expect(Self.agree(frame))
            #expect(ProgressFastPath.decode(frame) == progress)
        }
    }

    @Test func everyKeyOrderAndWhitespaceTakesTheFastPath() {
        var orders: [[(key: String, value: String)]] = [[]]
        for field in Self.fields {
            orders = orders.flatMap { order in
                (0...order.count).map { position in
                    var longer = order
                    longer.insert(field, at: position)
                    return longer
                }
            }
        }
        #expect(orders.count == 5040)
        for order in orders {
            #expect(Self.agree(Self.frame(order)))
        }
        for separator in [" ", "\t", "\r\n", " \n\t "] {
            #expect(Self.agree(separator + Self.frame(Self.fields, separator: separator) + separator))
        }
    }

    @Test func plainUnknownFieldsAreSkippedByTheFastPath() {
        for extra in [#""note":"hi there""#, #""n":1.5e3"#, #""flag":true"#, #""gone":null"#, #""x":-0"#, #""":false"#] {
            var fields = Self.fields.map { "\"\($0.key)\":\($0.value)" }
            for position in [0, 3, 7] {
                fields.insert(extra, at: position)
                #expect(Self.agree("{" + fields.joined(separator: ",") + "}"), "\(extra)")
                fields.remove(at: position)
            }
        }
    }

    @Test func numbersAgree() {
        let numbers = [
            "0", "-0", "-0.0", "0.0", "1", "1.0", "1e2", "1E+2", "1e-2", "1.5e-3", "0.1", "0.2", "0.30000000000000004",
            "1e-7", "5e-324", "4.9e-324", "2.2250738585072014e-308", "1e-400", "0e999", "-0e5", "9999999", "10000000",
            "10000000.0000000001", "10000000.000000001", "10000001", "12345678901234567890", "1.00000000000000000000001",
            "9007199254740993", "9007199254740992.5", "123456789012345678e-12", "1234567.8901234567", "0.000001",
            "1e22", "1e23", "1e-22", "1e-23", "3.14159265358979323846", "99999.99999999999", "1e400", "-1", "-1e-400",
            "01", "00", "1.", ".5", "1e", "1e+", "+1", "0x10", "-", "- 1", "1 .5", "NaN", "Infinity", "-Infinity",
            #""3""#, "null", "true", "[]", "[1]", "{}", "1e0000000000000000000005", "1e-0000000000000000000005",
            "0.00000000000000000000000000000000000000001e41", "100000000000000000000000e-20",
        ]
        var fast = 0
        for number in numbers {
            for key in ["elapsed_s", "moving_s", "distance_m", "kcal"] where Self.agree(Self.replacing(key, with: number)) {
                fast += 1
            }
        }
        #expect(fast > 80)
    }

    @Test func integersAndFlagsAgree() {
        let integers = [
            "0", "-0", "1", "42", "9007199254740991", "9007199254740992", "99999999999999999999", "3.0", "3e0", "1.5",
            #""3""#, "-1", "null", "true", "01", "[]",
        ]
        for integer in integers {
            Self.agree(Self.replacing("seq", with: integer))
        }
        for flag in ["true", "false", "null", "1", "0", #""false""#, "tru", "falsey", "True", "[]"] {
            Self.agree(Self.replacing("paused", with: flag))
        }
        for type in [#""progress""#, #""pro\u0067ress""#, #""Progress""#, #""progress ""#, #""ping""#, #""heartbeat""#, "null", "1", "[]"] {
            Self.agree(Self.replacing("type", with: type))
        }
    }

    @Test func unusualFramesFallBackAndAgree() {
        let base = Self.frame(Self.fields)
        var frames: [String] = [
            "{}", "[]", "{", "", " ", #"{"type":"progress"}"#, base + " x", base + "}", String(base.dropLast()) + ",}",
        ]
        let edits: [(String, String)] = [
            (#""seq":"#, #""se\u0071":"#),
            (#""kcal":"#, #""\u006bcal":"#),
            (#""seq":12"#, #""seq":12,"seq":12"#),
            (#""seq":12"#, #""seq":12,"seq":13"#),
            (#""seq":12"#, #""seq":12,"type":"ping","id":3"#),
            (#""seq":12"#, #""seq":12,"type":"progress""#),
            (#""seq":12"#, #""seq" 12"#),
            (":", " : "),
            (#""paused":false"#, #""paused":false,"extra":"\u00e9""#),
            (#""paused":false"#, #""paused":false,"extra":"é""#),
            (#""paused":false"#, #""paused":false,"ünknown":1"#),
            (#""paused":false"#, #""paused":false,"extra":[1,{"a":null}]"#),
            (#""paused":false"#, #""paused":false,"extra":{"seq":-1}"#),
            (#""paused":false"#, #""paused":false,"extra":"tab\there""#),
            (#""paused":false"#, #""paused":false,"extra":tru"#),
            (#""paused":false"#, #""paused":false,"extra":"unterminated"#),
            (#""paused":false"#, #""paused":false,"extra":"\ud800""#),
        ]
        for (target, replacement) in edits {
            frames.append(base.replacingOccurrences(of: target, with: replacement))
        }
        for field in Self.fields {
            frames.append(Self.frame(Self.fields.filter { $0.key != field.key }))
        }
        for (position, _) in base.utf8.enumerated() {
            frames.append(String(decoding: Array(base.utf8.prefix(position)), as: UTF8.self))
        }
        for frame in frames {
            Self.agree(frame)
        }
        var invalidUTF8 = Array(base.utf8)
        invalidUTF8.insert(contentsOf: [UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: "1"), UInt8(ascii: ",")], at: 1)
        Self.agree(invalidUTF8)
    }

    @Test func everySingleByteChangeAgrees() {
        let base = Array(Self.frame(Self.fields).utf8)
        let replacements: [UInt8] = Array(#" "\{}[],:-+.eE019tfnu"#.utf8) + [0x00, 0x0A, 0x7F, 0xC3, 0xFF]
        for position in base.indices {
            var deleted = base
            deleted.remove(at: position)
            Self.agree(deleted)
            for byte in replacements where byte != base[position] {
                var changed = base
                changed[position] = byte
                Self.agree(changed)
                var inserted = base
                inserted.insert(byte, at: position)
                Self.agree(inserted)
            }
        }
    }
}

/// A small deterministic generator, so that failures reproduce.
private struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in 0...limit, from whole numbers and short decimals to full-precision doubles and
    /// tiny ones, as a run produces them and beyond.
    mutating func double(upTo limit: Double) -> Double {
        let unit = Double(next() >> 11) / Double(1 << 53)
        switch next() % 5 {
        case 0: return (unit * limit).rounded()
        case 1: return ((unit * limit * 100).rounded() / 100)
        case 2: return unit * limit
        case 3: return unit * 1e-3 * Double(next() % 1000)
        default: return unit * pow10(-Int(next() % 30))
        }
    }

    private func pow10(_ exponent: Int) -> Double {
        var value = 1.0
        for _ in 0..<(-exponent) {
            value /= 10
        }
        return value
    }
}
