/// The latest fix the location sensor delivered, as the run took it, with what the motion sensor
/// said then: what a keeper stores for the run, taken from what the running use case publishes
/// (never from the source's samples, which a live sensor does not have ahead).
package struct DeliveredFix: Sendable, Equatable, BitwiseCopyable {
    /// 1 for the first fix of the run, one more for each fix after it: a keeper keeps each once.
    package let number: Int
    package let sample: LocationSample
    /// What the motion sensor last said the runner was doing, nil before it said anything.
    package let activity: Activity?

    package init(number: Int, sample: LocationSample, activity: Activity?) {
        self.number = number
        self.sample = sample
        self.activity = activity
    }
}
