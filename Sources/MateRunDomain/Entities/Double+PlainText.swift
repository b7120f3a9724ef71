extension Double {
    /// The number as a person writes it in a message: `5` for a whole number, `2.5` otherwise.
    package var plainText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}
