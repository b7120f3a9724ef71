/// When a runner passed each distance: their (distance, run time) pairs, in order.
///
/// It exists to put a gap in seconds to someone who sends only where they are now (a mate, a
/// group's runner): one behind is as many seconds back as the runner was at their distance; one
/// ahead, as many as they were at the runner's, when their earlier figures were seen.
package struct Passages: Sendable {
    private var points: [(metres: Double, seconds: Double)] = []

    package init() {}

    /// The runner was at `metres` after `seconds`; figures that go back in distance or time are
    /// left out (a late message), and a repeat of the same distance keeps its first time.
    package mutating func record(metres: Double, seconds: Double) {
        guard metres.isFinite, seconds.isFinite else { return }
        if let last = points.last, metres <= last.metres || seconds < last.seconds { return }
        points.append((metres, seconds))
    }

    /// When the runner first reached `metres`, between two figures on the straight line; nil
    /// before the first figure or past the last.
    package func seconds(atMetres metres: Double) -> Double? {
        guard let first = points.first, let last = points.last, metres >= first.metres, metres <= last.metres else { return nil }
        var low = 0, high = points.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if points[middle].metres < metres { low = middle } else { high = middle }
        }
        let (a, b) = (points[low], points[high])
        guard b.metres > a.metres else { return a.seconds }
        return a.seconds + (b.seconds - a.seconds) * (metres - a.metres) / (b.metres - a.metres)
    }

    /// The gap in seconds from the runner with these passages, at `ownMetres` after `ownSeconds`,
    /// to another at `theirMetres` after `theirSeconds` with `theirs`: positive when the runner
    /// is ahead; nil when the passage it needs was not seen.
    package func gapSeconds(ownMetres: Double, ownSeconds: Double, theirMetres: Double, theirSeconds: Double, theirs: Passages) -> Double? {
        if ownMetres >= theirMetres {
            return seconds(atMetres: theirMetres).map { theirSeconds - $0 }
        }
        return theirs.seconds(atMetres: ownMetres).map { $0 - ownSeconds }
    }
}
