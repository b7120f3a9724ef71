/// Lays FIT messages out as bytes: a definition message whenever a global message's layout is
/// new, then its data messages (little-endian, normal headers), and around them the 14-byte
/// header and the two CRCs.
///
/// Exists so that `FITExport` says which messages a run is and nothing of how FIT frames them.
struct FITWriter {
    /// The FIT profile version the file claims (21.40): every message and field written is in it.
    static let profileVersion: UInt16 = 2140
    /// Seconds from the Unix epoch to the FIT epoch, 1989-12-31T00:00:00Z.
    static let epochOffset: Double = 631_065_600

    private var data: [UInt8] = []
    /// Per local message type (0-15): the global message and the layout last defined for it.
    private var locals: [(global: UInt16, layout: [FITField])] = []

    /// Appends a data message of `global` with `fields` (defining its layout first when needed).
    mutating func write(_ global: UInt16, _ fields: [FITField]) {
        let layout = fields.map { FITField($0.number, $0.type, nil as Int64?) }
        let local: Int
        if let known = locals.firstIndex(where: { $0.global == global && $0.layout == layout }) {
            local = known
        } else {
            local = locals.firstIndex { $0.global == global } ?? min(locals.count, 15)
            if local == locals.count { locals.append((global, layout)) } else { locals[local] = (global, layout) }
            define(local: UInt8(local), global: global, layout: layout)
        }
        data.append(UInt8(local))
        for field in fields { data.append(contentsOf: field.bytes) }
    }

    private mutating func define(local: UInt8, global: UInt16, layout: [FITField]) {
        data.append(0x40 | local)
        data.append(0)  // reserved
        data.append(0)  // little-endian
        data.append(UInt8(global & 0xFF))
        data.append(UInt8(global >> 8))
        data.append(UInt8(layout.count))
        for field in layout {
            data.append(field.number)
            data.append(UInt8(field.type.size))
            data.append(field.type.rawValue)
        }
    }

    /// The whole file: header (with its CRC), the messages, the file's CRC.
    func file() -> [UInt8] {
        let size = UInt32(data.count)
        var out: [UInt8] = [14, 0x20]
        out += [UInt8(Self.profileVersion & 0xFF), UInt8(Self.profileVersion >> 8)]
        out += (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * UInt32($0))) }
        out += Array(".FIT".utf8)
        let headerCRC = FITFileCRC.checksum(out)
        out += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
        out += data
        let crc = FITFileCRC.checksum(out)
        return out + [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }

    /// A Unix time as a FIT timestamp (whole seconds since the FIT epoch).
    static func timestamp(_ unix: Double) -> Int64 {
        Int64((unix - epochOffset).rounded(.down))
    }

    /// Degrees as the semicircles FIT writes positions in.
    static func semicircles(_ degrees: Double) -> Int64 {
        Int64((degrees * 2_147_483_648.0 / 180).rounded())
    }
}
