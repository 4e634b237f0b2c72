import FoundationEssentials

/// The semantic differences between two property lists, with the key path of each.
///
/// Format and dictionary key order are ignored: two dictionaries with the same keys and values
/// are equal whatever order they were written in. Arrays are compared index by index (an
/// element inserted at the front shows as changes at every later index, which is what happened
/// to those key paths).
public struct PlistDiff: Hashable, Sendable {
    /// One difference.
    public enum Change: Hashable, Sendable, CustomStringConvertible {
        /// A key or index present only in the second value.
        case added(PlistKeyPath, PlistValue)
        /// A key or index present only in the first value.
        case removed(PlistKeyPath, PlistValue)
        /// A value that differs between the two (including a change of type).
        case changed(PlistKeyPath, from: PlistValue, to: PlistValue)

        /// Where the change is.
        public var keyPath: PlistKeyPath {
            switch self {
            case .added(let path, _), .removed(let path, _), .changed(let path, _, _): return path
            }
        }

        /// The change as a line: `+ path`, `- path` or `~ path`, with a short rendering of the
        /// values.
        public var description: String {
            switch self {
            case let .added(path, value): return "+ \(Self.name(path)): \(Self.summary(value))"
            case let .removed(path, value): return "- \(Self.name(path)): \(Self.summary(value))"
            case let .changed(path, old, new): return "~ \(Self.name(path)): \(Self.summary(old)) -> \(Self.summary(new))"
            }
        }

        private static func name(_ path: PlistKeyPath) -> String { path.isEmpty ? "(root)" : path.description }

        private static func counted(_ count: Int, _ noun: String) -> String {
            count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
        }

        /// A one-line rendering: scalars in full (strings quoted, their own quotes, backslashes
        /// and line ends escaped), containers by type and count. A graph's fields show their
        /// strings, numbers and dates with it too (``PlistGraphDOTWriter``).
        static func summary(_ value: PlistValue) -> String {
            switch value {
            case .string(let s): return StringEscaping.quoted(s)
            case .integer(let i): return i.description
            case .real(let r): return "\(r)"
            case .boolean(let b): return b ? "true" : "false"
            case .date(let d):
                let seconds = d.timeIntervalSinceReferenceDate
                guard seconds.isFinite else { return "date \(seconds)" }
                // Not Foundation's formatter: PlistKit's own calendar renders any time.
                return CivilDate.rfc3339(ofSeconds: seconds)
            case .data(let d): return "data (\(counted(d.count, "byte")))"
            case .uid(let u): return "uid \(u)"
            case .array(let a): return "array (\(counted(a.count, "element")))"
            case .dictionary(let d): return "dictionary (\(counted(d.count, "key")))"
            }
        }
    }

    /// The differences, in the order of the first value's keys, then keys only the second has.
    public let changes: [Change]

    /// Whether the two values are semantically equal.
    public var isEmpty: Bool { changes.isEmpty }

    /// Compares `old` with `new`.
    ///
    /// - Parameters:
    ///   - maximumDepth: how deep to descend; deeper containers that differ are reported as
    ///     one change at the depth limit, so hostile input cannot recurse without bound.
    ///   - limits: the limits on each value's size once its shared references are expanded,
    ///     as writing checks them (see ``PlistTreePrinter/limits``): a diff walks, and may
    ///     report, every occurrence.
    /// - Throws: ``PlistError`` with ``PlistError/Code/limitExceeded`` when either value
    ///   passes `limits`, before anything is compared.
    /// - Complexity: O(n) in the total number of values.
    public init(from old: PlistValue, to new: PlistValue, maximumDepth: Int = 512, limits: PlistWritingOptions = PlistWritingOptions()) throws {
        // The walk keeps its own depth limit, so the writers' depth limit is not asked.
        var unlimitedDepth = limits
        unlimitedDepth.maximumDepth = .max
        for value in [old, new] { try ExpandedSizeCounter.check(value, limits: unlimitedDepth, for: .textWriter("diff")) }
        var changes: [Change] = []
        var path: [String] = []
        Self.compare(old, new, path: &path, depth: 1, maximumDepth: maximumDepth, into: &changes)
        self.changes = changes
    }

    private static func compare(
        _ old: PlistValue, _ new: PlistValue, path: inout [String], depth: Int, maximumDepth: Int,
        into changes: inout [Change]
    ) {
        switch (old, new) {
        case let (.dictionary(a), .dictionary(b)) where depth < maximumDepth:
            for (key, value) in a {
                path.append(key)
                defer { path.removeLast() }
                if let other = b[key] {
                    compare(value, other, path: &path, depth: depth + 1, maximumDepth: maximumDepth, into: &changes)
                } else {
                    changes.append(.removed(PlistKeyPath(components: path), value))
                }
            }
            for (key, value) in b where !a.contains(key: key) {
                changes.append(.added(PlistKeyPath(components: path + [key]), value))
            }
        case let (.array(a), .array(b)) where depth < maximumDepth:
            for index in 0..<max(a.count, b.count) {
                path.append(String(index))
                defer { path.removeLast() }
                if index < a.count && index < b.count {
                    compare(a[index], b[index], path: &path, depth: depth + 1, maximumDepth: maximumDepth, into: &changes)
                } else if index < a.count {
                    changes.append(.removed(PlistKeyPath(components: path), a[index]))
                } else {
                    changes.append(.added(PlistKeyPath(components: path), b[index]))
                }
            }
        default:
            if old != new {
                changes.append(.changed(PlistKeyPath(components: path), from: old, to: new))
            }
        }
    }
}
