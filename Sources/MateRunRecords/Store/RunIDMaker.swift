import Glibc
import MateRunDomain

/// Makes run ids that two processes cannot both pick: the local time the run began to be kept,
/// to the second (a replayed file's own date would make a run just kept look years old), the
/// process id, and 32 random bits (`20261123-065455-4242-9f3a01c2`). The store still creates the
/// directory exclusively and asks for another id if the name is taken.
enum RunIDMaker {
    static func make(keptAt: Double, utcOffsetSeconds: Int) -> RunRecordID {
        let stamp = ISOTimestamp.text(unixSeconds: keptAt, utcOffsetSeconds: utcOffsetSeconds)
        let digits = stamp.prefix(19).filter { $0.isNumber }
        let date = digits.prefix(8)
        let time = digits.dropFirst(8)
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return RunRecordID("\(date)-\(time)-\(getpid())-\(String(repeating: "0", count: 8 - random.count))\(random)")
    }

    /// Whether `name` can be a run id: what `make` produces, and nothing that could climb out of
    /// the store (no `/`, no leading dot).
    static func isWellFormed(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && name.utf8.count <= 64
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
                default: false
                }
            }
    }
}
