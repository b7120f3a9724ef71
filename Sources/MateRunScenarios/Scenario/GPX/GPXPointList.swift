/// The points of a document in the order read, held in chunks of 32,768 rather than one array.
///
/// A long file's points (20 MB for 200,000) are read in full before anything is decided about
/// them, then turned into the replay's samples. In one array they would all be held until the
/// last sample was made, beside the samples; in chunks, `release(before:)` lets each go once its
/// samples are made, so that the points and the samples are never all held at once.
struct GPXPointList: RandomAccessCollection, Equatable {
    private static let chunkShift = 15
    private static let chunkSize = 1 << chunkShift
    private static let chunkMask = chunkSize - 1

    /// The chunks filled, each of `chunkSize` points.
    private var full: [[GPXPoint]] = []
    /// The chunk being filled.
    private var last: [GPXPoint] = []
    /// Chunks before this one have been let go.
    private var released = 0

    var startIndex: Int { 0 }
    var endIndex: Int {
        @inline(__always) get { full.count << Self.chunkShift + last.count }
    }

    init() {}

    init(_ points: some Sequence<GPXPoint>) {
        for point in points { append(point) }
    }

    subscript(index: Int) -> GPXPoint {
        @inline(__always) get {
            precondition(index < endIndex, "a point past the end")
            let chunk = index >> Self.chunkShift
            guard chunk < full.count else { return last[index & Self.chunkMask] }
            precondition(chunk >= released, "a point read after it was let go")
            return full[chunk][index & Self.chunkMask]
        }
    }

    mutating func append(_ point: GPXPoint) {
        // A chunk's room is taken whole at its first point, not doubled as it fills: a doubling
        // copies what it holds and, for a moment, holds it twice (room not yet written to is not
        // resident).
        if last.isEmpty { last.reserveCapacity(Self.chunkSize) }
        last.append(point)
        guard last.count == Self.chunkSize else { return }
        full.append(last)
        last = []
    }

    /// Drops the points from `index` on (a scan that stopped in the middle of a point's markup
    /// and will read it again).
    mutating func removeAll(from index: Int) {
        while endIndex > index {
            if last.isEmpty, let chunk = full.popLast() { last = chunk }
            last.removeLast(Swift.min(last.count, endIndex - index))
        }
        released = Swift.min(released, full.count)
    }

    /// Lets go of every whole chunk before `index`: those points are done with (reading one
    /// afterwards is a programming error, caught by the subscript).
    @inline(__always) mutating func release(before index: Int) {
        while released < Swift.min(index >> Self.chunkShift, full.count) {
            full[released] = []
            released += 1
        }
    }

    static func == (lhs: GPXPointList, rhs: GPXPointList) -> Bool {
        lhs.elementsEqual(rhs)
    }
}
