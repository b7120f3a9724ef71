/// Decodes the bytes of a FIT file into a `FITLog`, by hand: the header and its CRC, definition
/// and data messages in either byte order, compressed-timestamp headers, developer fields
/// (skipped by their size), several FIT files chained in one, and the CRC at the end.
///
/// Exists because FIT is what Garmin, Wahoo and Coros devices write and the toolchain has no
/// reader. Whatever is broken (a short header, a message running past the data, a data message
/// whose local type was never defined, a CRC that does not match) is refused with the byte
/// offset where it is, so that a corrupt download is never replayed as a shorter run.
struct FITDecoder {
    /// Seconds from the Unix epoch to the FIT epoch, 1989-12-31T00:00:00Z.
    static let epochOffset: Int64 = 631_065_600
    /// Degrees per semicircle: a position of 2^31 semicircles is 180 degrees.
    static let degreesPerSemicircle = 180.0 / 2_147_483_648.0

    let file: String
    let bytes: [UInt8]
    private var log = FITLog()

    /// Decodes every FIT file chained in `bytes`.
    static func decode(_ bytes: [UInt8], file: String) throws(ScenarioError) -> FITLog {
        var decoder = FITDecoder(file: file, bytes: bytes)
        var start = 0
        repeat {
            start = try decoder.decodeFile(at: start)
        } while start < bytes.count
        return decoder.log
    }

    private init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }

    // MARK: - One file

    /// Decodes the FIT file starting at `start`; returns where the next one would start.
    private mutating func decodeFile(at start: Int) throws(ScenarioError) -> Int {
        let left = bytes.count - start
        guard left >= 12 else {
            throw failure(at: start, "expected a FIT header of 12 or 14 bytes, found \(left) byte\(left == 1 ? "" : "s") (a truncated file)")
        }
        let headerSize = Int(bytes[start])
        guard headerSize >= 12, headerSize <= left else {
            throw failure(at: start, "expected a FIT header size of 12 or 14, found \(headerSize)")
        }
        guard bytes[(start + 8)..<(start + 12)].elementsEqual(".FIT".utf8) else {
            throw failure(at: start + 8, "expected \".FIT\" in the header (is this a FIT file?)")
        }
        if headerSize >= 14 {
            let stored = uint16(at: start + 12)
            let computed = FITCRC.checksum(bytes, start..<(start + 12))
            guard stored == 0 || stored == computed else {
                throw failure(at: start + 12, "expected the header's CRC 0x\(hex(computed)), found 0x\(hex(stored)) (a corrupt file)")
            }
        }
        let dataStart = start + headerSize
        let dataEnd = dataStart + (Int(uint16(at: start + 4)) | Int(uint16(at: start + 6)) << 16)
        guard dataEnd + 2 <= bytes.count else {
            throw failure(at: bytes.count, "expected \(dataEnd + 2 - dataStart) bytes of messages and CRC after the header, found \(bytes.count - dataStart) (a truncated file)")
        }
        try decodeMessages(dataStart..<dataEnd)
        let stored = uint16(at: dataEnd)
        let computed = FITCRC.checksum(bytes, start..<dataEnd)
        guard stored == computed else {
            throw failure(at: dataEnd, "expected the file's CRC 0x\(hex(computed)), found 0x\(hex(stored)) (a corrupt file)")
        }
        return dataEnd + 2
    }

    private mutating func decodeMessages(_ data: Range<Int>) throws(ScenarioError) {
        var definitions = [FITDefinition?](repeating: nil, count: 16)
        var lastTimestamp: UInt32?
        var timerStops = 0
        var offset = data.lowerBound
        while offset < data.upperBound {
            let header = bytes[offset]
            let local: Int
            var timestamp: UInt32?
            if header & 0x80 != 0 {
                // Compressed timestamp: the low 5 bits of the time, rolled over from the last one.
                local = Int((header >> 5) & 0x03)
                guard let last = lastTimestamp else {
                    throw failure(at: offset, "expected a message with a timestamp before the first compressed-timestamp header")
                }
                let low = UInt32(header & 0x1F)
                var time = (last & ~0x1F) + low
                if low < last & 0x1F { time &+= 0x20 }  // (a garbage time near 2126 wraps, and is dropped as absurd)
                timestamp = time
            } else if header & 0x40 != 0 {
                let (definition, next) = try definition(at: offset, developerFields: header & 0x20 != 0, end: data.upperBound)
                definitions[Int(header & 0x0F)] = definition
                offset = next
                continue
            } else {
                local = Int(header & 0x0F)
            }
            guard let definition = definitions[local] else {
                throw failure(at: offset, "expected a definition message for local message type \(local) before its data")
            }
            let content = offset + 1
            guard content + definition.contentSize <= data.upperBound else {
                throw failure(at: offset, "expected a \(definition.contentSize)-byte message, found \(data.upperBound - content) bytes left of the data (a truncated file)")
            }
            if let written: UInt32 = definition.value(253, in: bytes, at: content).flatMap(Self.integer) {
                timestamp = written
            }
            if let timestamp { lastTimestamp = timestamp }
            read(definition, at: content, offset: offset, timestamp: timestamp, timerStops: &timerStops)
            offset = content + definition.contentSize
        }
    }

    /// A definition message at `offset`, and where the next message starts.
    private func definition(at offset: Int, developerFields: Bool, end: Int) throws(ScenarioError) -> (FITDefinition, Int) {
        var at = offset + 1
        guard at + 5 <= end else {
            throw failure(at: offset, "expected a definition message of at least 6 bytes, found \(end - offset) (a truncated file)")
        }
        let architecture = bytes[at + 1]
        guard architecture <= 1 else {
            throw failure(at: at + 1, "expected the architecture 0 (little-endian) or 1 (big-endian), found \(architecture)")
        }
        let bigEndian = architecture == 1
        let global = bigEndian ? UInt16(bytes[at + 2]) << 8 | UInt16(bytes[at + 3]) : UInt16(bytes[at + 3]) << 8 | UInt16(bytes[at + 2])
        let count = Int(bytes[at + 4])
        at += 5
        guard at + 3 * count <= end else {
            throw failure(at: offset, "expected \(count) field definitions, found the data ends (a truncated file)")
        }
        var fields: [FITDefinition.Field] = []
        fields.reserveCapacity(count)
        var size = 0
        for _ in 0..<count {
            fields.append(FITDefinition.Field(number: bytes[at], offset: size, size: Int(bytes[at + 1]), baseType: bytes[at + 2]))
            size += Int(bytes[at + 1])
            at += 3
        }
        if developerFields {
            guard at < end else { throw failure(at: offset, "expected the developer field count, found the data ends (a truncated file)") }
            let developerCount = Int(bytes[at])
            at += 1
            guard at + 3 * developerCount <= end else {
                throw failure(at: offset, "expected \(developerCount) developer field definitions, found the data ends (a truncated file)")
            }
            for _ in 0..<developerCount {
                size += Int(bytes[at + 1])
                at += 3
            }
        }
        return (FITDefinition(globalNumber: global, bigEndian: bigEndian, fields: fields, contentSize: size), at)
    }

    // MARK: - Messages

    private mutating func read(_ definition: FITDefinition, at content: Int, offset: Int, timestamp: UInt32?, timerStops: inout Int) {
        func value(_ number: UInt8) -> Double? { definition.value(number, in: bytes, at: content) }
        switch definition.globalNumber {
        case 0:  // file_id
            if log.fileType == nil { log.fileType = value(0).flatMap(Self.integer) }
        case 18:  // session
            log.sessions.append(FITLog.Session(
                start: value(2).flatMap(Self.integer), end: timestamp,
                sport: value(5).flatMap(Self.integer), distance: value(9).map { $0 / 100 }))
        case 19:  // lap
            log.laps += 1
            if value(24) == 0 { log.manualLaps += 1 }
        case 20:  // record
            log.records.append(FITLog.Record(
                offset: offset, timestamp: timestamp,
                latitude: value(0).map { $0 * Self.degreesPerSemicircle },
                longitude: value(1).map { $0 * Self.degreesPerSemicircle },
                altitude: (value(78) ?? value(2)).map { $0 / 5 - 500 },
                heartRate: value(3), cadence: value(4),
                distance: value(5).map { $0 / 100 },
                speed: (value(73) ?? value(6)).map { $0 / 1000 },
                accuracy: value(31),
                timerStops: timerStops))
        case 21:  // event: the timer's (event 0) stops (event_type stop, stop_all, stop_disable, stop_disable_all)
            if value(0) == 0, let type = value(1), [1, 4, 8, 9].contains(type) { timerStops += 1 }
        default:
            break
        }
    }

    // MARK: - Bytes

    /// The little-endian 16-bit value at `offset` (the header and the CRCs are little-endian
    /// whatever the messages' architecture).
    private func uint16(at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    /// A raw field value as an integer type, nil when it does not fit (a field written with
    /// another base type than the profile's).
    private static func integer<Value: FixedWidthInteger>(_ value: Double) -> Value? {
        Value(exactly: value.rounded(.towardZero))
    }

    private func failure(at offset: Int, _ expected: String) -> ScenarioError {
        ScenarioError(file: file, place: "byte \(offset)", expected: expected)
    }

    private func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}

