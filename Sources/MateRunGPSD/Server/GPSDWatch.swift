/// What a client of the gpsd server asked to be sent (`?WATCH`): nothing until it enables a
/// watch, then JSON reports, or raw NMEA sentences when it asks for `nmea`.
package struct GPSDWatch: Sendable, Equatable {
    package var enabled = false
    package var json = false
    package var nmea = false

    package init() {}
}
