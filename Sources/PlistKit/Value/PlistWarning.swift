/// Information a read or a conversion lost, with the key path of the value it concerns.
///
/// Writers and readers report these rather than dropping information silently; under
/// ``PlistWritingOptions/isStrict`` a loss fails the write with
/// ``PlistError/Code/lossyConversion`` instead.
public struct PlistWarning: Hashable, Sendable, CustomStringConvertible {
    /// The kind of loss.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// XML stores dates in whole seconds; the fraction was dropped.
        case fractionalSecondsDropped
        /// A binary set was read as an array (`PlistValue` has no set).
        case setReadAsArray
        /// A 32-bit binary real was widened to 64 bits and will be written back as 64 bits.
        case float32Widened
        /// A dictionary's keys were written in sorted order rather than the order it had.
        case keyOrderChanged
        /// A value was written as a different type the target format can hold (a GNUstep
        /// typed value, a JSON tagged object).
        case typeChanged
        /// An XML date with a field past its range (`2024-01-32T20:43:14Z`, as Apple's older
        /// writers produced) was read as the instant it rolls over to (2024-02-01T20:43:14Z),
        /// as Foundation reads it; ``PlistReadingOptions/isStrict`` refuses such a date instead.
        case dateRolledOver
    }

    /// The kind of loss.
    public let kind: Kind
    /// The key path of the value concerned (empty for the root).
    public let keyPath: PlistKeyPath
    /// A full sentence describing the loss.
    public let message: String

    /// Creates a warning.
    public init(_ kind: Kind, at keyPath: PlistKeyPath, _ message: String) {
        self.kind = kind
        self.keyPath = keyPath
        self.message = message
    }

    /// The message, prefixed by where it happened.
    public var description: String {
        keyPath.isEmpty ? "At the root: \(message)" : "At '\(keyPath)': \(message)"
    }
}

/// Collects the losses of one read or write; under strict writing, the first loss throws.
struct LossReporter {
    /// Whether a loss throws instead of being collected.
    let isStrict: Bool
    /// Losses of these kinds are neither collected nor refused: a caller that would drop
    /// them (a conversion of millions of records has as many reordered dictionaries) need
    /// not hold them.
    let ignoredKinds: Set<PlistWarning.Kind>
    private(set) var warnings: [PlistWarning] = []

    init(isStrict: Bool = false, ignoring ignoredKinds: Set<PlistWarning.Kind> = []) {
        self.isStrict = isStrict
        self.ignoredKinds = ignoredKinds
    }

    mutating func report(_ kind: PlistWarning.Kind, at path: PlistKeyPath, _ message: String) throws {
        if !ignoredKinds.isEmpty, ignoredKinds.contains(kind) { return }
        let warning = PlistWarning(kind, at: path, message)
        if isStrict {
            throw PlistError(.lossyConversion, "Refusing a lossy conversion: \(message)", at: .keyPath(path))
        }
        warnings.append(warning)
    }
}
