import MateRunDomain

/// What the sentences of one receiver cycle said, merged: a cycle's GGA, RMC, GLL and ZDA share
/// its time of day, and VTG and GSA (which carry none) belong to the cycle they come in.
struct NMEAEpoch {
    /// Seconds of the UTC day.
    var timeOfDay: Double
    /// Days since 1970-01-01, when an RMC or ZDA of the cycle said.
    var day: Int64?
    var coordinate: Coordinate?
    /// Height above the ellipsoid (GGA's altitude above the geoid plus the geoid's separation,
    /// what gpsd reports as `altHAE`), else above the geoid.
    var altitude: Double?
    var hdop: Double?
    /// Metres per second over the ground.
    var speed: Double?
    /// Degrees from true north.
    var course: Double?
    /// A sentence of the cycle said there is no fix (GGA quality 0, RMC or GLL status V, GSA 1,
    /// a mode indicator N).
    var saysNoFix = false
    /// The line of the cycle's first sentence, for notes.
    var line: Int

    init(timeOfDay: Double, line: Int) {
        self.timeOfDay = timeOfDay
        self.line = line
    }

    /// Whether the cycle holds a fix to replay.
    var hasFix: Bool { coordinate != nil && !saysNoFix }

    /// Takes what `sentence` says of the cycle.
    mutating func take(_ sentence: NMEASentence) {
        switch sentence.type {
        case "GGA":
            if sentence[5] == "0" || sentence[5].isEmpty { saysNoFix = true }
            position(sentence[1], sentence[2], sentence[3], sentence[4])
            hdop = NMEAFields.number(sentence[7]).flatMap { $0 > 0 && $0 < 100 ? $0 : nil } ?? hdop
            if let height = NMEAFields.number(sentence[8]), abs(height) < 100_000 {
                let separation = NMEAFields.number(sentence[10]).flatMap { abs($0) < 1_000 ? $0 : nil } ?? 0
                altitude = height + separation
            }
        case "RMC":
            if sentence[1] != "A" || sentence[11] == "N" { saysNoFix = true }
            position(sentence[2], sentence[3], sentence[4], sentence[5])
            knots(sentence[6])
            courseDegrees(sentence[7])
            day = NMEAFields.day(ddmmyy: sentence[8]) ?? day
        case "GLL":
            if sentence[5] != "A" || sentence[6] == "N" { saysNoFix = true }
            position(sentence[0], sentence[1], sentence[2], sentence[3])
        case "VTG":
            if sentence[8] == "N" { saysNoFix = true }
            courseDegrees(sentence[0])
            if let kilometresPerHour = NMEAFields.number(sentence[6]), (0...1_000).contains(kilometresPerHour) {
                speed = kilometresPerHour / 3.6
            } else {
                knots(sentence[4])
            }
        case "GSA":
            if sentence[1] == "1" { saysNoFix = true }
            hdop = NMEAFields.number(sentence[15]).flatMap { $0 > 0 && $0 < 100 ? $0 : nil } ?? hdop
        case "ZDA":
            if let dayOfMonth = Int(sentence[1]), let month = Int(sentence[2]), let year = Int(sentence[3]) {
                day = NMEAFields.day(year: year, month: month, day: dayOfMonth) ?? day
            }
        default:
            break
        }
    }

    private mutating func position(_ latitude: Substring, _ north: Substring, _ longitude: Substring, _ east: Substring) {
        guard let latitude = NMEAFields.angle(latitude, hemisphere: north, degreeDigits: 2), abs(latitude) <= 90,
              let longitude = NMEAFields.angle(longitude, hemisphere: east, degreeDigits: 3), abs(longitude) <= 180 else { return }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        if coordinate.isPlausibleFix { self.coordinate = coordinate }
    }

    private mutating func knots(_ text: Substring) {
        if let knots = NMEAFields.number(text), (0...2_000).contains(knots) { speed = knots * 1852 / 3600 }
    }

    private mutating func courseDegrees(_ text: Substring) {
        if let degrees = NMEAFields.number(text), (0...360).contains(degrees) { course = degrees }
    }
}
