/// One fix from a location sensor, as the runner's device would report it.
///
/// `time` is seconds since the start of the run, so that a replay and a live run read the same.
/// A replay holds one for every point of its file (hundreds of thousands for a long one), and the
/// run copies the latest into every snapshot: the figures a receiver may leave out are kept in
/// 8 bytes each (`PackedOptional`) rather than an optional's 16, so that a fix is 64 bytes, not 88.
package struct LocationSample: Sendable, Equatable, BitwiseCopyable {
    package var time: Double
    package var coordinate: Coordinate
    /// Metres above the ellipsoid or sea level; only differences are used (for grade).
    @PackedOptional package var elevation: Double?
    /// The radius in metres the receiver claims for the fix (68% confidence), if it says.
    @PackedOptional package var horizontalAccuracy: Double?
    /// The runner paused the recording right after this fix (the last point of a GPX `<trkseg>`).
    package var pausesRecording: Bool
    /// The runner resumed the recording at this fix (the first point after a paused stretch).
    package var resumesRecording: Bool
    /// What the runner did over the leg that ends at this fix, when the source tells it with the
    /// fix (a live receiver: walking or running by the fix's own speed). The run prices that leg
    /// by it, whatever motion update came in between: a live motion update is made on the run
    /// clock, before or long after the fix it follows, as fast as the fixes come. nil (a replay,
    /// whose motion updates are read in time order with the fixes): the motion sensor's word
    /// holds. (One byte, beside the two flags, in what was padding: a fix stays 64 bytes.)
    package var activity: Activity?
    /// Speed over ground in metres per second, when the receiver reports it (gpsd's `speed`);
    /// the tracker measures its own, this is kept for what is passed on (NMEA out).
    @PackedOptional package var speed: Double?
    /// Course over ground in degrees from true north, when the receiver reports it (gpsd's `track`).
    @PackedOptional package var course: Double?

    package init(
        time: Double, coordinate: Coordinate, elevation: Double? = nil, horizontalAccuracy: Double? = nil,
        pausesRecording: Bool = false, resumesRecording: Bool = false, speed: Double? = nil, course: Double? = nil,
        activity: Activity? = nil
    ) {
        self.time = time
        self.coordinate = coordinate
        self.elevation = elevation
        self.horizontalAccuracy = horizontalAccuracy
        self.pausesRecording = pausesRecording
        self.resumesRecording = resumesRecording
        self.speed = speed
        self.course = course
        self.activity = activity
    }
}
