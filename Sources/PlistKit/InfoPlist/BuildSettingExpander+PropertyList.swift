import FoundationEssentials

extension BuildSettingExpander {
    /// `value` with the references in its keys and strings expanded, at any depth.
    ///
    /// Other values (numbers, dates, data) are left alone; so is every string without a `$`.
    /// All undefined settings are found before the expansion fails, so that one error names
    /// them all with their key paths.
    ///
    /// - Throws: ``InfoPlistError``: as ``expand(_:)-(String)``, located at the key path of
    ///   the string or key; ``InfoPlistError/Code/undefinedBuildSetting`` listing every
    ///   reference to an undefined setting (unless ``keepsUndefinedReferences``);
    ///   ``InfoPlistError/Code/duplicateKey`` when an expanded key is already in its dictionary.
    /// - Complexity: O(n) in the size of `value` plus the length of what it expands to.
    public func expand(_ value: PlistValue) throws(InfoPlistError) -> BuildSettingExpansion {
        var evaluation = BuildSettingEvaluation(expander: self)
        var replacements: [PlistTextReplacement] = []
        try value.forEachKeyAndString { (text, path, isKey) throws(InfoPlistError) in
            guard let expanded = try evaluation.expand(text, at: path, isKey: isKey) else { return }
            replacements.append(isKey ? .key(expanded, at: path) : .value(.string(expanded), at: path))
        }
        if !evaluation.undefined.isEmpty, !keepsUndefinedReferences {
            throw InfoPlistError.undefined(evaluation.undefined)
        }
        do {
            return BuildSettingExpansion(
                value: try value.replacing(replacements), replacements: replacements,
                undefinedSettings: evaluation.undefined)
        } catch {
            // The only way the replacements can fail to apply: two keys of one dictionary
            // that are equal once expanded.
            let path = (error as? PlistError)?.location.flatMap { location -> PlistKeyPath? in
                if case .keyPath(let path) = location { return path } else { return nil }
            } ?? .root
            throw InfoPlistError(
                .duplicateKey, "An expanded key, '\(path.components.last ?? "")', is already a key of its dictionary",
                at: .keyPath(path))
        }
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
    /// - Parameters:
    ///   - bytes: The file.
    ///   - format: The file's format, or `nil` to detect it.
    ///   - keepingLayout: Whether text files are spliced; `false` writes them whole.
    ///   - readingOptions: How the file (and a spliced result, to check it) is read.
    ///   - writingOptions: How new text, or the whole file, is written.
    /// - Throws: ``PlistError`` when the file cannot be read or the format's writer cannot
    ///   write the result; ``InfoPlistError`` as ``expand(_:)-(PlistValue)``.
    public func expand(
        document bytes: Data, format: PlistFormat? = nil, keepingLayout: Bool = true,
        readingOptions: PlistReadingOptions = PlistReadingOptions(), writingOptions: PlistWritingOptions = PlistWritingOptions()
    ) throws -> BuildSettingDocumentExpansion {
        let document = try PlistDocument(decoding: bytes, format: format, options: readingOptions)
        let expansion = try expand(document.value)
        guard expansion.changesValue else {
            return BuildSettingDocumentExpansion(data: bytes, format: document.format, expansion: expansion)
        }
        var rewriteReason: String?
        if keepingLayout, document.format != .binary {
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
