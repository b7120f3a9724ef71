import MateRunGPSD
import Testing

@Suite struct GPSDReceiverListTests {
    /// Whether `text` changed `list`.
    private static func take(_ text: String, into list: inout GPSDReceiverList) -> Bool {
        list.take(line: Array(text.utf8))
    }

    @Test func devicesListsGpsdsReceiversAndDeviceReportsAddAndRemoveOne() {
        // Given a list gpsd has not yet spoken of
        var list = GPSDReceiverList()
        #expect(list.paths == nil)
        // When gpsd answers the watch with no receiver, then one is added, and later closed
        let answered = Self.take(#"{"class":"DEVICES","devices":[]}"#, into: &list)
        let none = list.paths
        let added = Self.take(#"{"class":"DEVICE","path":"/dev/pts/12","activated":"2026-11-28T01:13:45.861Z"}"#, into: &list)
        let one = list.paths
        let closed = Self.take(#"{"class":"DEVICE","path":"/dev/pts/12","activated":0}"#, into: &list)
        let again = Self.take(#"{"class":"DEVICES","devices":[]}"#, into: &list)
        // Then the list follows, and says when it changed
        #expect(answered && added && closed && !again)
        #expect(none == [])
        #expect(one == ["/dev/pts/12"])
        #expect(list.paths == [])
    }

    @Test func otherReportsAndGarbageLeaveTheListAlone() {
        // Given a list of one receiver
        var list = GPSDReceiverList()
        _ = Self.take(#"{"class":"DEVICES","devices":[{"path":"/dev/ttyACM0","driver":"u-blox"}]}"#, into: &list)
        // When other reports, a cut line, garbage and a malformed list come
        let others = [#"{"class":"TPV","mode":1}"#, #"{"class":"DEVICE"#, "not json", #"{"class":"DEVICES","devices":3}"#]
        let changed = others.map { Self.take($0, into: &list) }
        // Then none changes it
        #expect(changed == [false, false, false, false])
        #expect(list.paths == ["/dev/ttyACM0"])
    }
}
