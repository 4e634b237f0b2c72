/// A path to a value inside a property list, in plutil's syntax.
///
/// Components are separated by `.`; a backslash escapes a dot (`a\.b` is the one key `a.b`) or
/// another backslash. A component reaching into an array must be a decimal index. The empty
/// path names the root.
///
/// Named `PlistKeyPath` rather than plutil's "key path" alone so that it never shadows
/// Swift's own `KeyPath` in a file that imports PlistKit.
public struct PlistKeyPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The keys and indices, outermost first, unescaped.
    public var components: [String]

    /// The root: no components.
    public static let root = PlistKeyPath(components: [])

    /// Creates a path from unescaped components.
    public init(components: [String]) {
        self.components = components
    }

    /// Parses plutil's syntax: `.` separates components, `\.` is a literal dot and `\\` a
    /// literal backslash; a backslash before anything else stands for itself. The empty string
    /// is the root.
    public init(parsing text: String) {
        guard !text.isEmpty else {
            self.components = []
            return
        }
        var components: [String] = []
        var current = ""
        var iterator = text.makeIterator()
        while let c = iterator.next() {
            switch c {
            case "\\":
                if let next = iterator.next() {
                    if next == "." || next == "\\" {
                        current.append(next)
                    } else {
                        current.append("\\")
                        current.append(next)
                    }
                } else {
                    current.append("\\")
                }
            case ".":
                components.append(current)
                current = ""
            default:
                current.append(c)
            }
        }
        components.append(current)
        self.components = components
    }

    /// Parses a literal in plutil's syntax (see ``init(parsing:)``).
    public init(stringLiteral value: String) {
        self.init(parsing: value)
    }

    /// Whether this is the root path.
    public var isEmpty: Bool { components.isEmpty }

    /// The path with `key` added at the end.
    public func appending(_ key: String) -> PlistKeyPath {
        PlistKeyPath(components: components + [key])
    }

    /// The path with an array index added at the end.
    public func appending(index: Int) -> PlistKeyPath {
        PlistKeyPath(components: components + [String(index)])
    }

    /// The path without its last component (the root stays the root).
    public var parent: PlistKeyPath {
        PlistKeyPath(components: Array(components.dropLast()))
    }

    /// The path in plutil's syntax, with dots and backslashes in components escaped, so that
    /// `PlistKeyPath(parsing: path.description) == path`.
    public var description: String {
        components.map { component in
            var escaped = ""
            for c in component {
                if c == "." || c == "\\" { escaped.append("\\") }
                escaped.append(c)
            }
            return escaped
        }.joined(separator: ".")
    }
}
