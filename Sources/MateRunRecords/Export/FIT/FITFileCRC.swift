/// The CRC-16 a FIT file carries after its 14-byte header and at its end: the FIT SDK's
/// nibble-wise CRC-16/ARC. Garmin's readers refuse a file whose CRC does not match, so the writer
/// computes it exactly as they check it.
enum FITFileCRC {
    private static let table: [UInt16] = [
        0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
        0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
    ]

    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc = step(crc, UInt16(byte & 0x0F))
            crc = step(crc, UInt16(byte >> 4))
        }
        return crc
    }

    private static func step(_ crc: UInt16, _ nibble: UInt16) -> UInt16 {
        ((crc >> 4) & 0x0FFF) ^ table[Int(crc & 0x0F)] ^ table[Int(nibble)]
    }
}
