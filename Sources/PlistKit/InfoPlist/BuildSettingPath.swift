/// A POSIX path as Apple's build engine's path operators see it: an optional root and the
/// components between slashes.
///
/// swift-build's `Path` wraps swift-system's `FilePath`, which reads a path this way: repeated
/// slashes are one, a trailing slash is dropped, and a component's extension is what follows
/// its last `.` unless that `.` starts the component (`.profile` has none) or the component is
/// `.` or `..`. The operators `dir`, `file`, `base`, `suffix`, `standardizepath`, `dir=`,
/// `file=`, `base=`, `suffix=`, `relativeto=` and `isancestor=` are built on these rules.
struct BuildSettingPath: Equatable {
    /// Whether the path starts at the root, `/`.
    var isAbsolute: Bool
    /// The components, none empty.
    var components: [Substring]

    /// Reads `text` (an empty text is the empty path).
    init(_ text: some StringProtocol) {
        isAbsolute = text.hasPrefix("/")
        components = String(text).split(separator: "/")
    }

    private init(isAbsolute: Bool, components: [Substring]) {
        self.isAbsolute = isAbsolute
        self.components = components
    }

    /// The path as text: `/` for the root, `` for the empty path.
    var text: String {
        (isAbsolute ? "/" : "") + components.joined(separator: "/")
    }

    /// The path without its last component.
    var removingLastComponent: BuildSettingPath {
        BuildSettingPath(isAbsolute: isAbsolute, components: components.dropLast())
    }

    /// The last component, or the whole text when there is none (the root, the empty path).
    var baseName: String {
        components.last.map(String.init) ?? text
    }

    /// Where the extension's `.` is in the last component, if it has an extension.
    private var extensionDot: Substring.Index? {
        guard let last = components.last, last != ".", last != "..",
              let dot = last.lastIndex(of: "."), dot != last.startIndex
        else { return nil }
        return dot
    }

    /// The extension of the last component, without its `.`, or `nil`.
    var fileExtension: String? {
        guard let dot = extensionDot, let last = components.last else { return nil }
        return String(last[last.index(after: dot)...])
    }

    /// The last component without its extension, or the whole text when there is no component.
    var stem: String {
        guard let last = components.last else { return text }
        guard let dot = extensionDot else { return String(last) }
        return String(last[..<dot])
    }

    /// The path with its last component's extension (and its `.`) removed.
    var removingExtension: BuildSettingPath {
        guard let dot = extensionDot, let last = components.last else { return self }
        return BuildSettingPath(isAbsolute: isAbsolute, components: components.dropLast() + [last[..<dot]])
    }

    /// `other` appended, as the engine's `Path.join` does: an absolute `other`, or an empty
    /// receiver, gives `other`; an empty `other` gives the receiver.
    func joining(_ other: BuildSettingPath) -> BuildSettingPath {
        if components.isEmpty && !isAbsolute || other.isAbsolute { return other }
        if other.components.isEmpty { return self }
        return BuildSettingPath(isAbsolute: isAbsolute, components: components + other.components)
    }

    /// The path with `.` components removed and each `..` taking away the component before it
    /// (at the root, `..` stays at the root; a relative path keeps the `..` it cannot resolve).
    var lexicallyNormalized: BuildSettingPath {
        var result: [Substring] = []
        for component in components {
            switch component {
            case ".":
                continue
            case "..":
                if let last = result.last, last != ".." {
                    result.removeLast()
                } else if !isAbsolute {
                    result.append(component)
                }
            default:
                result.append(component)
            }
        }
        return BuildSettingPath(isAbsolute: isAbsolute, components: result)
    }

    /// What `standardizepath` gives: an absolute path normalized; a relative one with its
    /// `.` components (and repeated slashes) removed but its `..` kept, as
    /// `-[NSString stringByStandardizingPath]` does.
    var standardized: BuildSettingPath {
        guard isAbsolute else { return BuildSettingPath(isAbsolute: false, components: components.filter { $0 != "." }) }
        return lexicallyNormalized
    }

    /// This absolute path written relative to `base` (also absolute), with `..` to climb out
    /// of `base`: `.` when they are the same.
    func relative(to base: BuildSettingPath) -> String {
        let (path, base) = (lexicallyNormalized.components, base.lexicallyNormalized.components)
        var common = 0
        while common < path.count, common < base.count, path[common] == base[common] { common += 1 }
        let steps = Array(repeating: Substring(".."), count: base.count - common) + path[common...]
        return steps.isEmpty ? "." : steps.joined(separator: "/")
    }

    /// Whether this absolute path is an ancestor of `other`: a proper prefix of its components.
    func isAncestor(of other: BuildSettingPath) -> Bool {
        let (mine, theirs) = (lexicallyNormalized.components, other.lexicallyNormalized.components)
        return mine.count < theirs.count && Array(theirs.prefix(mine.count)) == mine
    }
}
