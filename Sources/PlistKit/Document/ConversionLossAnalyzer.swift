import FoundationEssentials

/// What writing a value in a format would lose or cannot do, found before the writer runs.
///
/// Keeping these rules in one place gives the writers a simple contract (every value they are
/// handed is representable) and keeps the rules in step with the loss table in
/// Docs/Formats.md. The walk tracks key paths, which the writers' hot loops need not do.
struct ConversionLossAnalyzer {
    let format: PlistFormat
    let options: PlistWritingOptions
    var reporter: LossReporter

    /// Whether losses are looked for when nothing would throw for them (outside strict
    /// writing): a caller that drops the warnings need not pay for finding them.
    let reportsLosses: Bool

    /// Whether, for XML outside strict writing, the walk looks for what XML cannot hold (see
    /// ``firstUnwritable``). A writer that keeps its whole output finds it while escaping,
    /// and scanning every string twice would cost a tenth of its write.
    let findsUnwritable: Bool

    /// Whether a dictionary whose keys are out of the writer's order is reported: decided
    /// once, since the set of ignored kinds hashes each kind's name and would be asked for
    /// every dictionary of the tree.
    private let reportsKeyOrder: Bool

    /// With ``findsUnwritable``, the first value the walk met that XML cannot hold, in
    /// walking order: the caller throws it once the losses are accepted, as the XML writer
    /// would, and a writer handing its output on in pieces need not walk the tree again to
    /// find it before the first piece. (Under strict writing it throws at once.)
    private(set) var firstUnwritable: PlistError?

    /// Where the value being checked sits in its document: a streaming conversion checks a
    /// document one part at a time (see ``check(_:in:at:)``). Kept as its container's path
    /// and its own step, joined only when a finding needs the path.
    private var baseContainerPath: [String] = []
    private var baseStep: String?

    /// The last dictionary keys found to hold only characters XML can carry. The records of
    /// a document share their key arrays, so consecutive records are scanned once rather than
    /// once each. Held, so that the storage it is recognised by cannot be freed and reused.
    private var writableKeys: [String] = []

    /// An analyzer of writing in `format` with `options`; losses of the `ignored` kinds are
    /// neither reported nor, under strict writing, refused (see ``LossReporter``).
    init(
        format: PlistFormat, options: PlistWritingOptions, reportsLosses: Bool = true, ignoring ignored: Set<PlistWarning.Kind> = [],
        findingUnwritable: Bool = false
    ) {
        self.format = format
        self.options = options
        self.reportsLosses = reportsLosses
        self.findsUnwritable = findingUnwritable
        self.reporter = LossReporter(isStrict: options.isStrict, ignoring: ignored)
        self.reportsKeyOrder = options.sortsKeys(for: format) && !ignored.contains(.keyOrderChanged)
    }

    /// Whether the walk can find anything that matters: binary holds everything and loses
    /// only the key order, when asked to sort; for XML the walk finds the losses and what
    /// XML cannot hold (see ``inspect(_:in:)``), which its writer otherwise finds while
    /// escaping; OpenStep and JSON refuse values the walk finds.
    var needsWalk: Bool {
        let findsLosses = reportsLosses || options.isStrict
        switch format {
        case .binary: return findsLosses && options.sortsKeys(for: .binary)
        case .xml: return findsLosses || findsUnwritable
        case .openStep, .json: return true
        }
    }

    /// A container being walked: its children, their keys (dictionaries), the next one.
    struct Frame {
        let children: [PlistValue]
        let keys: [String]?
        var next = 0

        init?(_ value: PlistValue) {
            switch value {
            case .array(let elements): children = elements; keys = nil
            case .dictionary(let dictionary): children = dictionary.values; keys = dictionary.keys
            default: return nil
            }
        }
    }

    /// The key path of the value being inspected, built only when a finding needs it: each
    /// frame's current child is the one before its `next`. (Building it for every value turned
    /// each array index into a String and cost a fifth of an XML write.)
    private func path(_ frames: [Frame]) -> [String] {
        Self.path(frames, below: baseContainerPath, at: baseStep)
    }

    /// The key path of `frames`' current value in a document part at `step` of the
    /// container at `containerPath`.
    private static func path(_ frames: [Frame], below containerPath: [String], at step: String?) -> [String] {
        containerPath + (step.map { [$0] } ?? []) + frames.map { frame in frame.keys?[frame.next - 1] ?? String(frame.next - 1) }
    }

    /// Walks `value`, throwing for values the format cannot hold and collecting losses.
    ///
    /// The walk is iterative: writers accept trees nested as deeply as a reader's raised
    /// `maximumDepth` allows (the binary reader and writer handle 10,000 levels), and a
    /// recursive walk overflowed the stack there before any writer ran.
    mutating func check(_ value: PlistValue) throws {
        try check(value, in: [], at: nil)
    }

    /// Walks `value`, which sits at `step` (a key or an index) in the container at
    /// `containerPath` in its document, as ``check(_:)`` walks a whole document: findings are
    /// reported at their path in the document.
    mutating func check(_ value: PlistValue, in containerPath: [String], at step: String?) throws {
        baseContainerPath = containerPath
        baseStep = step
        guard needsWalk else { return }
        var frames: [Frame] = []
        try inspect(value, in: frames)
        if let root = Frame(value) { frames.append(root) }
        while let top = frames.indices.last {
            let index = frames[top].next
            guard index < frames[top].children.count else {
                frames.removeLast()
                continue
            }
            frames[top].next += 1
            let child = frames[top].children[index]
            try inspect(child, in: frames)
            if let frame = Frame(child) { frames.append(frame) }
        }
    }

    /// Whether the walk looks for what XML cannot hold at this point: always under strict
    /// writing, where the first finding of any kind is thrown, else until it has the first
    /// one for a caller that asked (``findsUnwritable``).
    private var looksForUnwritable: Bool {
        format == .xml && (options.isStrict || (findsUnwritable && firstUnwritable == nil))
    }

    /// Throws `error`, a value XML cannot hold, under strict writing; else keeps it as
    /// ``firstUnwritable``.
    private mutating func found(unwritable error: PlistError) throws {
        if options.isStrict { throw error }
        firstUnwritable = error
    }

    /// Checks one value, and for a container its own properties (not its children).
    private mutating func inspect(_ value: PlistValue, in frames: [Frame]) throws {
        // XML 1.0 cannot carry some characters (C0 controls but tab, LF, CR; U+FFFE, U+FFFF) in
        // strings or keys, nor a non-finite date; Apple's writer emits them anyway. Under
        // strict writing the first finding of any kind must win, so they are checked here in
        // order with the losses; outside it the first is kept for a caller that asks (see
        // `firstUnwritable`), else left to the writer's escaping.
        if looksForUnwritable, let reason = unwritableReason(for: value) {
            try found(unwritable: unrepresentable(value, path(frames), reason))
        }
        switch value {
        case .string:
            if format == .openStep && options.writesStringsFile && path(frames).isEmpty {
                throw unrepresentable(value, path(frames), "a .strings file needs a dictionary of strings at the root")
            }
        case .data:
            if format == .openStep && options.writesStringsFile {
                throw unrepresentable(value, path(frames), "a .strings file holds only strings")
            }
            try checkJSON(value, frames, "data")
        case .integer, .boolean:
            try checkScalarForTextFormats(value, frames)
        case .real(let real):
            if format == .json {
                if !real.isFinite {
                    try checkJSON(value, frames, "\(real)")
                } else if options.jsonStyle == .strict && JSONOutput.dropsFraction(real) {
                    // JSONOutput drops the ".0" as plutil does; every JSON reader, ours
                    // included, then reads an integer.
                    try reporter.report(
                        .typeChanged, at: PlistKeyPath(components: path(frames)),
                        "the real \(real) is written as \(real.description.dropLast(2)), which reads back as an integer")
                }
            }
            try checkScalarForTextFormats(value, frames)
        case .date(let date):
            switch format {
            case .xml:
                let seconds = date.timeIntervalSinceReferenceDate
                if seconds.isFinite && seconds.rounded(.down) != seconds {
                    try reporter.report(
                        .fractionalSecondsDropped, at: PlistKeyPath(components: path(frames)),
                        "XML dates hold whole seconds; the fraction of \(seconds) seconds is dropped")
                }
            case .json:
                try checkJSON(value, frames, "a date")
            default:
                try checkScalarForTextFormats(value, frames)
                if format == .openStep && OpenStepOutput.gnustepDate(date.timeIntervalSinceReferenceDate) == nil {
                    let seconds = date.timeIntervalSinceReferenceDate
                    throw unrepresentable(
                        value, path(frames),
                        seconds > -1 && seconds < 0
                            ? "the fraction of a second of \(seconds) cannot be written exactly in a GNUstep date"
                            : "a GNUstep date is written for years 0001 through 9999 only")
                }
            }
        case .uid:
            switch format {
            case .json:
                try checkJSON(value, frames, "a UID")
            case .openStep:
                throw unrepresentable(value, path(frames), "OpenStep has no UID type, not even among GNUstep's typed values")
            default:
                break
            }
        case .array, .dictionary:
            // Captured apart from `self`, which the check may change (its reporter).
            let containerPath = baseContainerPath, step = baseStep
            try inspectContainer(keys: value.dictionary?.keys, at: Self.path(frames, below: containerPath, at: step))
        }
    }

    /// Checks an array (`keys` is `nil`) or a dictionary with `keys` at `path` as
    /// ``check(_:)`` checks one in a tree, without its children: a streaming conversion meets
    /// a large container's children one at a time, and checks each with ``check(_:at:)``.
    mutating func checkContainer(keys: [String]?, at path: [String]) throws {
        guard needsWalk else { return }
        if looksForUnwritable, let keys, let reason = unwritableReason(forKeys: keys) {
            try found(unwritable: unrepresentable(.dictionary, path, reason))
        }
        try inspectContainer(keys: keys, at: path)
    }

    /// The checks of an array or dictionary itself (see ``checkContainer(keys:at:)``). The
    /// path is made only for a finding: most containers have none, and joining a path for
    /// each record was a tenth of checking a tree before writing it as XML.
    private mutating func inspectContainer(keys: [String]?, at path: @autoclosure () -> [String]) throws {
        let kind: PlistValue.Kind = keys == nil ? .array : .dictionary
        if format == .openStep && options.writesStringsFile && (keys == nil || !path().isEmpty) {
            throw unrepresentable(kind, path(), "a .strings file holds only a flat dictionary of strings")
        }
        if let keys, reportsKeyOrder, !isSorted(keys, for: format) {
            try reporter.report(
                .keyOrderChanged, at: PlistKeyPath(components: path()),
                "the dictionary's keys are written in sorted order, not the order they had")
        }
    }

    /// Why XML cannot hold `value` itself (``XMLPlistWriter/unrepresentableReason(for:)``),
    /// with a dictionary's keys scanned only when they are not the ones last found writable.
    private mutating func unwritableReason(for value: PlistValue) -> String? {
        guard case .dictionary(let dictionary) = value else { return XMLPlistWriter.unrepresentableReason(for: value) }
        return unwritableReason(forKeys: dictionary.keys)
    }

    /// Why XML cannot hold a dictionary with `keys` (see ``unwritableReason(for:)``).
    private mutating func unwritableReason(forKeys keys: [String]) -> String? {
        if let storage = ByteCursor.storageAddress(of: keys), storage == ByteCursor.storageAddress(of: writableKeys) { return nil }
        let reason = XMLPlistWriter.unrepresentableReason(forKeys: keys)
        if reason == nil { writableKeys = keys }
        return reason
    }

    /// Strict JSON has no date, data, UID or non-finite real; tagged JSON writes them as tagged
    /// objects, which other JSON readers see as plain dictionaries.
    private mutating func checkJSON(_ value: PlistValue, _ frames: [Frame], _ what: String) throws {
        guard format == .json else { return }
        guard options.jsonStyle == .tagged else {
            throw unrepresentable(value, path(frames), "strict JSON has no value for \(what) (write tagged JSON to keep it)")
        }
        try reporter.report(
            .typeChanged, at: PlistKeyPath(components: path(frames)),
            "\(what) is written as a tagged JSON object, which only PlistKit's tagged reading turns back into \(value.kind.nameWithArticle)")
    }

    /// OpenStep has only strings, data, arrays and dictionaries; GNUstep's typed values carry
    /// the rest when asked for.
    private mutating func checkScalarForTextFormats(_ value: PlistValue, _ frames: [Frame]) throws {
        guard format == .openStep else { return }
        if options.writesStringsFile {
            throw unrepresentable(value, path(frames), "a .strings file holds only strings")
        }
        guard options.writesGNUstepTypedValues else {
            throw unrepresentable(
                value, path(frames), "OpenStep has no \(value.kind.rawValue) type (GNUstep typed values can carry it)")
        }
        try reporter.report(
            .typeChanged, at: PlistKeyPath(components: path(frames)),
            "the \(value.kind.rawValue) is written as a GNUstep typed value, which only GNUstep reads")
    }

    private func unrepresentable(_ value: PlistValue, _ path: [String], _ why: String) -> PlistError {
        unrepresentable(value.kind, path, why)
    }

    private func unrepresentable(_ kind: PlistValue.Kind, _ path: [String], _ why: String) -> PlistError {
        PlistError(
            .unrepresentableValue,
            "Cannot write \(kind.nameWithArticle) as \(format.plutilName): \(why)",
            at: .keyPath(PlistKeyPath(components: path)))
    }

    /// Whether `keys` are already in the order the format's writer sorts them in: plutil's
    /// collation for JSON (see `PlutilKeyCollation`), UTF-16 code units (CoreFoundation's
    /// order) for every other format.
    private func isSorted(_ keys: [String], for format: PlistFormat) -> Bool {
        if format == .json { return PlutilKeyCollation.isSorted(keys) }
        return zip(keys, keys.dropFirst()).allSatisfy { !PlistDictionary.keyPrecedes($1, $0) }
    }
}
