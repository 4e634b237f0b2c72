/// An error that says what was found (``reason``) and where (``location``), and reads as the
/// two in one sentence: "Invalid object marker 0x7F in object 3 at byte offset 120."
protocol LocatedError: DescribedError {
    /// What was found, as a sentence fragment without the location (no final period).
    var reason: String { get }
    /// Where it was found, when it has a place.
    var location: PlistError.Location? { get }
}

extension LocatedError {
    /// The error as one full sentence: the reason, then the location.
    public var description: String {
        if let location { return "\(reason) \(location)." }
        return "\(reason)."
    }
}
