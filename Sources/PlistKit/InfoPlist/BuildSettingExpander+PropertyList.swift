import FoundationEssentials

extension BuildSettingExpander {
    /// `value` with the references in its keys and strings expanded, at any depth.
    ///
    /// Other values (numbers, dates, data) are left alone; so is every string without a `$`.
    /// All undefined settings are found before the expansion fails, so that one error names
    /// them all with their key paths.
    ///
    /// A subtree the value shares (a binary plist's shared reference: one object referenced
    /// from many places) is expanded once and stays shared, so a small file whose references
    /// stand for billions of values costs what its distinct objects cost. For such a value the
    /// result's ``BuildSettingExpansion/replacements`` are empty (they would name every
    /// occurrence) and undefined settings are reported at their first occurrence.
    ///
    /// - Throws: ``InfoPlistError``: as ``expand(_:)-(String)``, located at the key path of
    ///   the string or key; ``InfoPlistError/Code/undefinedBuildSetting`` listing every
    ///   reference to an undefined setting (with ``UndefinedSettingHandling/fail``);
    ///   ``InfoPlistError/Code/duplicateKey`` when an expanded key is already in its dictionary.
    /// - Complexity: O(n) in the distinct containers, keys and strings of `value` plus the
    ///   length of what they expand to.
    public func expand(_ value: PlistValue) throws(InfoPlistError) -> BuildSettingExpansion {
        var rewriter = BuildSettingTreeRewriter(expander: self)
        let expanded = try rewriter.rewrite(value)
        let undefined = rewriter.evaluation.undefined
        if !undefined.isEmpty, undefinedSettings == .fail {
            throw InfoPlistError.undefined(undefined)
        }
        return BuildSettingExpansion(
            value: expanded, replacements: rewriter.sharesSubtrees ? [] : rewriter.replacements,
            undefinedSettings: undefinedSettings == .keep ? undefined : [], changesValue: rewriter.changesValue)
    }

    /// The file `bytes` with the build settings in its keys and strings expanded, in its own
    /// format.
    ///
    /// Text formats (XML, OpenStep, JSON) are spliced: only the bytes of each expanded string
    /// and key change, and comments, key order, indentation and encoding stay (see
    /// ``PlistSourceEditor/splice(_:into:format:original:options:readingOptions:)``). Where a
    /// splice cannot be made the whole file is written by the format's writer, and
    /// ``BuildSettingDocumentExpansion/rewriteReason`` says why. A binary file is written whole.
    /// A file with nothing to expand is given back as it is.
    ///
    /// Before anything is expanded, the file's value is measured as every writer measures
    /// what it writes: a value that, with its shared references expanded, holds more than
    /// `writingOptions`' ``PlistWritingOptions/maximumValueCount`` values or
    /// ``PlistWritingOptions/maximumExpandedByteCount`` bytes is refused, as `convert` refuses
    /// it.
    ///
    /// - Parameters:
    ///   - bytes: The file.
    ///   - format: The file's format, or `nil` to detect it.
    ///   - keepingLayout: Whether text files are spliced; `false` writes them whole.
    ///   - readingOptions: How the file (and a spliced result, to check it) is read.
    ///   - writingOptions: How new text, or the whole file, is written, and the limits on the
    ///     value's expanded size.
    /// - Throws: ``PlistError`` when the file cannot be read, its value is larger than the
    ///   writing limits, or the format's writer cannot write the result; ``InfoPlistError``
    ///   as ``expand(_:)-(PlistValue)``.
    public func expand(
        document bytes: Data, format: PlistFormat? = nil, keepingLayout: Bool = true,
        readingOptions: PlistReadingOptions = PlistReadingOptions(), writingOptions: PlistWritingOptions = PlistWritingOptions()
    ) throws -> BuildSettingDocumentExpansion {
        let document = try PlistDocument(decoding: bytes, format: format, options: readingOptions)
        try ExpandedSizeCounter.check(document.value, limits: writingOptions, for: document.format == .binary ? .binaryWriter : .textWriter("expand"))
        let expansion = try expand(document.value)
        guard expansion.changesValue else {
            return BuildSettingDocumentExpansion(data: bytes, format: document.format, expansion: expansion)
        }
        var rewriteReason: String?
        if keepingLayout, document.format != .binary, !expansion.replacements.isEmpty {
            switch PlistSourceEditor.splice(
                expansion.replacements, into: bytes, format: document.format, original: document.value,
                options: writingOptions, readingOptions: readingOptions)
            {
            case .success(let spliced):
                return BuildSettingDocumentExpansion(data: spliced, format: document.format, expansion: expansion)
            case .failure(let unavailable):
                rewriteReason = unavailable.reason
            }
        }
        let data = try expansion.value.encoded(as: document.format, options: writingOptions)
        return BuildSettingDocumentExpansion(data: data, format: document.format, expansion: expansion, rewriteReason: rewriteReason)
    }
}

/// Rebuilds a property list with its keys and strings expanded, walking each distinct
/// container once: a container met again (a shared reference) is given its rebuilt value
/// from the first time, so the walk costs what the distinct objects cost. Iterative, so a
/// deep value costs no stack.
struct BuildSettingTreeRewriter {
    var evaluation: BuildSettingEvaluation
    /// The changes, in document order, at the paths of the original (complete only when no
    /// container is shared).
    private(set) var replacements: [PlistTextReplacement] = []
    /// Whether a container was met more than once.
    private(set) var sharesSubtrees = false
    /// Whether anything changed.
    private(set) var changesValue = false
    /// The rebuilt value of each container walked, by the identity of its storage
    /// (``PlistValue/containerStorageIdentity``: valid while the original value lives, which it
    /// does for the whole walk).
    private var rebuilt: [Int: (value: PlistValue, changed: Bool)] = [:]

    init(expander: BuildSettingExpander) {
        evaluation = BuildSettingEvaluation(expander: expander)
    }

    /// One container being rebuilt.
    private struct Frame {
        let identity: Int?
        let original: PlistValue
        let path: PlistKeyPath
        /// The keys of a dictionary, `nil` for an array.
        let keys: [String]?
        let children: [PlistValue]
        var next = 0
        var newKeys: [String] = []
        var newChildren: [PlistValue] = []
        var changed = false
    }

    mutating func rewrite(_ root: PlistValue) throws(InfoPlistError) -> PlistValue {
        guard let first = try open(root, at: .root) else { return try scalar(root, at: .root) }
        var frames = [first]
        while let top = frames.indices.last {
            if frames[top].next < frames[top].children.count {
                let index = frames[top].next
                frames[top].next += 1
                let child = frames[top].children[index]
                var path = frames[top].path
                if let keys = frames[top].keys {
                    path = path.appending(keys[index])
                    var key = keys[index]
                    if let expanded = try evaluation.expand(key, at: path, isKey: true) {
                        replacements.append(.key(expanded, at: path))
                        key = expanded
                        frames[top].changed = true
                    }
                    frames[top].newKeys.append(key)
                } else {
                    path = path.appending(index: index)
                }
                if let frame = try open(child, at: path) {
                    frames.append(frame)
                    continue
                }
                if let known = rebuiltValue(of: child) {
                    frames[top].newChildren.append(known.value)
                    if known.changed { frames[top].changed = true }
                } else {
                    let rewritten = try scalar(child, at: path)
                    if case .string(let old) = child, case .string(let new) = rewritten, !ExactKey.exactlyEqual(old, new) { frames[top].changed = true }
                    frames[top].newChildren.append(rewritten)
                }
                continue
            }
            let frame = frames.removeLast()
            let value = try finish(frame)
            if let identity = frame.identity { rebuilt[identity] = (value, frame.changed) }
            guard let parent = frames.indices.last else { return value }
            frames[parent].newChildren.append(value)
            if frame.changed { frames[parent].changed = true }
        }
        preconditionFailure("the walk ends when the root's frame finishes")
    }

    /// A frame for a container not walked yet, or `nil` for a scalar, an empty container or a
    /// container walked already (whose rebuilt value ``rebuiltValue(of:)`` gives).
    private mutating func open(_ value: PlistValue, at path: PlistKeyPath) throws(InfoPlistError) -> Frame? {
        let keys: [String]?
        let children: [PlistValue]
        switch value {
        case .array(let elements): (keys, children) = (nil, elements)
        case .dictionary(let dictionary): (keys, children) = (dictionary.keys, dictionary.values)
        default: return nil
        }
        guard !children.isEmpty else { return nil }
        let identity = value.containerStorageIdentity
        if let identity, rebuilt[identity] != nil {
            sharesSubtrees = true
            return nil
        }
        var frame = Frame(identity: identity, original: value, path: path, keys: keys, children: children)
        frame.newChildren.reserveCapacity(children.count)
        if keys != nil { frame.newKeys.reserveCapacity(children.count) }
        return frame
    }

    /// The rebuilt value of a container walked already, or `nil`.
    private func rebuiltValue(of value: PlistValue) -> (value: PlistValue, changed: Bool)? {
        guard let identity = value.containerStorageIdentity else { return nil }
        return rebuilt[identity]
    }

    /// A scalar with its text expanded when it is a string.
    private mutating func scalar(_ value: PlistValue, at path: PlistKeyPath) throws(InfoPlistError) -> PlistValue {
        guard case .string(let text) = value, let expanded = try evaluation.expand(text, at: path, isKey: false) else { return value }
        replacements.append(.value(.string(expanded), at: path))
        changesValue = true
        return .string(expanded)
    }

    /// The container of `frame` rebuilt from its new keys and children.
    private mutating func finish(_ frame: Frame) throws(InfoPlistError) -> PlistValue {
        guard frame.changed else { return frame.original }
        changesValue = true
        guard frame.keys != nil else { return .array(frame.newChildren) }
        var dictionary = PlistDictionary(minimumCapacity: frame.newKeys.count)
        for (key, child) in zip(frame.newKeys, frame.newChildren) {
            guard !dictionary.contains(key: key) else {
                throw InfoPlistError(.duplicateKey, "An expanded key, '\(key)', is already a key of its dictionary", at: .keyPath(frame.path.appending(key)))
            }
            dictionary[key] = child
        }
        return .dictionary(dictionary)
    }
}
