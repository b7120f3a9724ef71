/// The CRC-16 a FIT file carries after its header and at its end (the FIT SDK's nibble-wise
/// CRC-16/ARC), so that a corrupt file is refused instead of replayed with wrong points.
enum FITCRC {
    private static let table: [UInt16] = [
        0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
        0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
    ]

    /// The CRC of `bytes[range]`, starting from `crc` (0 for a fresh computation).
    static func checksum(_ bytes: [UInt8], _ range: Range<Int>, from crc: UInt16 = 0) -> UInt16 {
        var crc = crc
        for byte in bytes[range] {
            crc = step(crc, UInt16(byte & 0x0F))
            crc = step(crc, UInt16(byte >> 4))
        }
        return crc
    }

    private static func step(_ crc: UInt16, _ nibble: UInt16) -> UInt16 {
        let low = table[Int(crc & 0x0F)]
        return ((crc >> 4) & 0x0FFF) ^ low ^ table[Int(nibble)]
    }
}
