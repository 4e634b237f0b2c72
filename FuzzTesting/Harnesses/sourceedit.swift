import FoundationEssentials
import PlistKit

/// libFuzzer entry point: surgical edits (``PlistSourceEditor``), as `plist-inspect set`,
/// `insert`, `replace`, `remove` and `append` make them in XML, OpenStep (`.strings` and
/// `project.pbxproj` included) and JSON files.
///
/// The first ``SourceEditFuzzCheck/headerBytes`` bytes of the input are edit commands; the rest
/// is the document, in any format. Each command names its key path through the document's
/// tree as it stands (an existing entry, a new key, an index at or past an array's end) and a
/// value of any kind. The edits are spliced one after the other, each into the previous result.
/// See ``SourceEditFuzzCheck`` for what is checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let split = min(count, SourceEditFuzzCheck.headerBytes)
    var header = [UInt8](bytes[..<split])
    header += [UInt8](repeating: 0, count: SourceEditFuzzCheck.headerBytes - split)
    SourceEditFuzzCheck.run(header: header, document: Data(bytes[split...]))
    return 0
}

/// The checks, each a promise of Docs/CLI.md ("Surgical edits") and ``PlistSourceEditor``'s
/// documentation, beyond "no crash, no hang, no unbounded memory":
///
/// - A splice gives bytes or a ``PlistSpliceUnavailable`` with a reason; a binary file is
///   always refused (it is rewritten whole).
/// - A splice succeeds only where the edit applies to the tree (``PlistValue/apply(_:)``, whose
///   errors are ``PlistError``s) and the format can hold the new value.
/// - Spliced bytes read back, with the format's own reader, as exactly the tree the edit makes
///   of the original, the new value as the format's writer writes and reads it, with keys in
///   order (a new key last; in an Xcode project Xcode places it, so only the values compare).
/// - Every other byte stays (not checked in Xcode projects, whose annotations follow edits
///   elsewhere in the file): the text outside the root value keeps its length, every value
///   outside the edited entry and its containers keeps its length, and the bytes that differ
///   lie in a run no longer than the edited value (a replacement) or its container (a new or
///   removed entry).
enum SourceEditFuzzCheck {
    /// A byte of flags, then five bytes per command.
    static let headerBytes = 1 + 5 * maximumCommands
    static let maximumCommands = 3

    /// Strings for values and new keys: quoting, markup and comment syntax of every format,
    /// escapes, white space, non-ASCII text.
    static let strings = [
        "", "plain", "with space", "\"quoted\"", "back\\slash", "</string><string>", "<![CDATA[x]]>", "&amp;", "a;b=c",
        "/* c */", "// line", "{ x = y; }", "( 1, 2 )", "line\nbreak", "tab\there", "\r\n", "é", "日本語", "😀",
        "YES", "12", "-0", "$(PRODUCT_NAME)", "isa", "CF$UID", "\u{0}", "\u{7F}", "\u{FEFF}", "a.b", "<*I5>",
    ]

    static func run(header: [UInt8], document data: Data) {
        guard let document = FuzzSupport.document(data, "reading the document") else { return }
        let flags = header[0]
        let options = document.format == .openStep && flags & 4 != 0
            ? PlistWritingOptions(writesGNUstepTypedValues: true) : PlistWritingOptions()
        let isXcodeProject = document.format == .openStep && startsWithXcodeHeader(data)
            && document.value.dictionary?["objects"]?.dictionary != nil
        checkWritersOwnText(header: header, value: document.value, format: document.format)
        var bytes = data, tree = document.value
        let commands = Int(flags & 3) % maximumCommands + 1
        for index in 0..<commands {
            let command = Array(header[(1 + 5 * index)..<(6 + 5 * index)])
            let edit = makeEdit(command, in: tree)
            guard let next = check(edit, bytes: bytes, tree: tree, format: document.format, options: options,
                                   isXcodeProject: isXcodeProject)
            else { continue }
            (bytes, tree) = next
        }
    }

    /// Whether the text starts with Xcode's `// !$*UTF8*$!` header, in UTF-8 or UTF-16 of
    /// either byte order, after a byte order mark or not, as the editor reads it.
    static func startsWithXcodeHeader(_ data: Data) -> Bool {
        let header = "// !$*UTF8*$!"
        let bytes = [UInt8](data.prefix(64))
        func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
            var units: [UInt16] = []
            var index = bytes.startIndex
            while index + 1 < bytes.endIndex {
                let high: UInt8 = bigEndian ? bytes[index] : bytes[index + 1]
                let low: UInt8 = bigEndian ? bytes[index + 1] : bytes[index]
                units.append(UInt16(high) << 8 | UInt16(low))
                index += 2
            }
            return String(decoding: units, as: UTF16.self)
        }
        let texts = [
            String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...], as: UTF8.self),
            utf16(bytes.starts(with: [0xFF, 0xFE]) ? bytes[2...] : bytes[...], bigEndian: false),
            utf16(bytes.starts(with: [0xFE, 0xFF]) ? bytes[2...] : bytes[...], bigEndian: true),
        ]
        return texts.contains { $0.hasPrefix(header) }
    }

    /// The XML and JSON writers' own text is a layout the scanners follow: the first command,
    /// where it applies to the tree and the format can hold its value, splices into it.
    static func checkWritersOwnText(header: [UInt8], value: PlistValue, format: PlistFormat) {
        guard format == .xml || format == .json, FuzzSupport.isExpansionSmall(value, budget: 10_000),
            let written = try? value.encoded(as: format),
            let reread = try? PlistValue(decoding: written, format: format, options: FuzzSupport.readingOptions)
        else { return }
        let edit = makeEdit(Array(header[1..<6]), in: reread)
        var edited = reread
        guard (try? edited.apply(edit)) != nil,
            expectedTree(reread, edit: edit, format: format, options: PlistWritingOptions(), isXcodeProject: false) != nil
        else { return }
        let result = PlistSourceEditor.splice(
            edit, into: written, format: format, original: reread, readingOptions: FuzzSupport.readingOptions)
        if case .failure(let unavailable) = result {
            fail("The editor refuses the \(format) writer's own text: \(unavailable.reason)", edit: edit, bytes: written)
        }
    }

    // MARK: - Commands

    /// The edit one command names in `tree`: its operation, a path down the tree (`command[1]`
    /// says how deep and whether the last component is new, `command[2]` which entries), and a
    /// value (`command[3]` its kind, `command[4]` which one).
    static func makeEdit(_ command: [UInt8], in tree: PlistValue) -> PlistEdit {
        var components: [String] = []
        var current = tree
        var choice = UInt32(command[2]) &* 2_654_435_761 | 1
        for _ in 0..<Int(command[1] & 7) {
            choice = choice &* 1_103_515_245 &+ 12_345
            let pick = Int(choice >> 16)
            switch current {
            case .dictionary(let dictionary) where !dictionary.isEmpty:
                let position = pick % dictionary.count
                components.append(dictionary.keys[position])
                current = dictionary.values[position]
            case .array(let elements) where !elements.isEmpty:
                let position = pick % elements.count
                components.append(String(position))
                current = elements[position]
            default:
                break
            }
        }
        if command[1] & 0x80 != 0 {
            // Past the existing entries: a new key, the index just past an array's end, or one
            // that no array has.
            let selector = Int(command[1] >> 3 & 0xF)
            switch current {
            case .array(let elements):
                components.append([String(elements.count), String(elements.count + 1), "0", "-1", "x"][selector % 5])
            default:
                components.append(selector < 12 ? "new\(strings[selector * 2 % strings.count])" : strings[selector])
            }
        }
        let path = PlistKeyPath(components: components)
        let value = makeValue(kind: command[3], selector: Int(command[4]))
        switch command[0] % 5 {
        case 0: return .set(value, at: path)
        case 1: return .insert(value, at: path)
        case 2: return .replace(value, at: path)
        case 3: return .remove(at: path)
        default: return .append(value, to: path)
        }
    }

    static func makeValue(kind: UInt8, selector: Int) -> PlistValue {
        let text = strings[selector % strings.count]
        switch kind % 11 {
        case 0: return .string(text)
        case 1:
            return .integer([PlistInteger(0), PlistInteger(-1), PlistInteger(42), PlistInteger(Int64.min),
                             PlistInteger(Int64.max), PlistInteger(UInt64.max)][selector % 6])
        case 2: return .real([1.5, -0.0, 1e300, 0.1, 3.0, -Double.leastNonzeroMagnitude * 3][selector % 6])
        case 3: return .boolean(selector & 1 == 0)
        case 4: return .date(Date(timeIntervalSinceReferenceDate: [0, 700_000_000.5, -1e9][selector % 3]))
        case 5: return .data(Data((0..<(selector % 40)).map { UInt8(truncatingIfNeeded: $0 &* 37) }))
        case 6: return .array([])
        case 7: return .dictionary([:])
        case 8:
            var dictionary: PlistDictionary = ["isa": "PBXFileReference"]
            dictionary[text] = .string(text)
            return .dictionary(dictionary)
        case 9: return .array([.string(text), .array([.integer(PlistInteger(Int64(selector)))])])
        default: return .uid(UInt32(selector))
        }
    }

    // MARK: - One edit

    /// Splices `edit` into `bytes` and checks the outcome; the new bytes and tree when it
    /// succeeded.
    static func check(
        _ edit: PlistEdit, bytes: Data, tree: PlistValue, format: PlistFormat, options: PlistWritingOptions,
        isXcodeProject: Bool
    ) -> (Data, PlistValue)? {
        var edited = tree
        var treeError: PlistError?
        do {
            try edited.apply(edit)
        } catch let error as PlistError {
            guard !error.description.isEmpty else { fail("An edit threw a PlistError without a description", edit: edit) }
            treeError = error
        } catch {
            fail("Applying an edit to the tree threw \(type(of: error)), not PlistError: \(error)", edit: edit)
        }
        let result = PlistSourceEditor.splice(
            edit, into: bytes, format: format, original: tree, options: options, readingOptions: FuzzSupport.readingOptions)
        let spliced: Data
        switch result {
        case .failure(let unavailable):
            guard !unavailable.reason.isEmpty else { fail("A refused splice gives no reason", edit: edit) }
            return nil
        case .success(let data):
            spliced = data
        }
        guard format != .binary else { fail("A binary file was spliced", edit: edit) }
        if let treeError { fail("The splice succeeded where the edit fails on the tree: \(treeError)", edit: edit, bytes: spliced) }
        let reread: PlistValue
        do {
            reread = try PlistDocument(decoding: spliced, format: format, options: FuzzSupport.readingOptions).value
        } catch {
            fail("The spliced \(format) text does not read back: \(error)", edit: edit, bytes: spliced)
        }
        let expected = expectedTree(tree, edit: edit, format: format, options: options, isXcodeProject: isXcodeProject)
        guard let expected else { fail("The splice succeeded with a value \(format) cannot hold", edit: edit, bytes: spliced) }
        let matches = isXcodeProject ? reread == expected : isIdentical(reread, expected)
        guard matches else {
            fail("The spliced text reads back as another tree:\n\(reread)\n--- expected ---\n\(expected)", edit: edit, bytes: spliced)
        }
        if !isXcodeProject { checkLocality(edit, before: bytes, after: spliced, tree: tree, format: format) }
        return (spliced, reread)
    }

    /// `tree` with `edit` made, its new value as the format writes and reads it back; `nil` when
    /// the format cannot write the value.
    static func expectedTree(
        _ tree: PlistValue, edit: PlistEdit, format: PlistFormat, options: PlistWritingOptions, isXcodeProject: Bool
    ) -> PlistValue? {
        func reread(_ value: PlistValue) -> PlistValue? {
            guard let written = try? PlistValue.array([value]).encoded(as: format, options: options),
                case .array(let values)? = try? PlistValue(decoding: written, format: format, options: FuzzSupport.readingOptions),
                values.count == 1
            else { return nil }
            return values[0]
        }
        let written: PlistEdit
        switch edit {
        case .set(let value, let path): guard let value = reread(value) else { return nil }; written = .set(value, at: path)
        case .insert(let value, let path): guard let value = reread(value) else { return nil }; written = .insert(value, at: path)
        case .replace(let value, let path): guard let value = reread(value) else { return nil }; written = .replace(value, at: path)
        case .append(let value, let path): guard let value = reread(value) else { return nil }; written = .append(value, to: path)
        case .remove: written = edit
        }
        var expected = tree
        guard (try? expected.apply(written)) != nil else { return nil }
        return expected
    }

    /// Equal with every dictionary's keys in the same order.
    static func isIdentical(_ a: PlistValue, _ b: PlistValue) -> Bool {
        switch (a, b) {
        case (.dictionary(let left), .dictionary(let right)):
            return left.keys == right.keys && left.values.elementsEqual(right.values, by: isIdentical)
        case (.array(let left), .array(let right)):
            return left.elementsEqual(right, by: isIdentical)
        default:
            return a == b
        }
    }

    // MARK: - Every other byte stays

    /// The edit's own span: the value it replaces, or the container it adds an entry to or
    /// removes one from.
    static func touchedPath(_ edit: PlistEdit, tree: PlistValue) -> PlistKeyPath {
        switch edit {
        case .append(_, let path): return path
        case .remove(let path), .insert(_, let path): return path.isEmpty ? path : path.parent
        case .set(_, let path), .replace(_, let path):
            guard !path.isEmpty, (try? tree.value(at: path)) != nil else { return path.isEmpty ? path : path.parent }
            return path
        }
    }

    static func checkLocality(_ edit: PlistEdit, before: Data, after: Data, tree: PlistValue, format: PlistFormat) {
        // Maps of both texts (a text the scanners measure differently than they splice, such
        // as a repeated key outside the edited path, is left unchecked).
        guard let old = try? PlistSizeMap(measuring: before, format: format, options: FuzzSupport.readingOptions),
            let new = try? PlistSizeMap(measuring: after, format: format, options: FuzzSupport.readingOptions)
        else { return }
        let touched = touchedPath(edit, tree: tree)
        let outsideOld = old.overhead.reduce(0) { $0 + $1.bytes }, outsideNew = new.overhead.reduce(0) { $0 + $1.bytes }
        guard outsideOld == outsideNew else {
            fail("The text outside the root value went from \(outsideOld) to \(outsideNew) bytes", edit: edit, bytes: after)
        }
        // The run of bytes that differ, in the old text.
        let a = [UInt8](before), b = [UInt8](after)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let changed = a.count - prefix - suffix
        var newPaths: [PlistKeyPath: Int] = [:]
        for id in new.nodes.indices { newPaths[new.keyPath(of: id)] = new.nodes[id].bytes }
        var touchedBytes: Int?
        // An array whose entries an edit adds or removes renumbers those after it.
        let renumbered: PlistKeyPath? = {
            switch edit {
            case .insert, .remove, .set: return (try? tree.value(at: touched))?.array != nil ? touched : nil
            default: return nil
            }
        }()
        for id in old.nodes.indices {
            let path = old.keyPath(of: id)
            if path == touched { touchedBytes = old.nodes[id].bytes }
            let components = path.components
            // The edited value or entry and its containers change; every other value keeps its
            // bytes.
            if touched.components.starts(with: components) || components.starts(with: edit.path.components) { continue }
            if let renumbered, components.starts(with: renumbered.components) { continue }
            guard newPaths[path] == old.nodes[id].bytes else {
                fail("The value at '\(path)', outside the edit, went from \(old.nodes[id].bytes) to \(newPaths[path].map(String.init) ?? "no") bytes",
                     edit: edit, bytes: after)
            }
        }
        if let touchedBytes, changed > touchedBytes {
            fail("\(changed) bytes changed in a run, more than the \(touchedBytes) of '\(touched)', the edit's own span",
                 edit: edit, bytes: after)
        }
    }

    static func fail(_ message: String, edit: PlistEdit, bytes: Data? = nil) -> Never {
        let output = bytes.map { "\n--- spliced ---\n\(FuzzSupport.preview($0))" } ?? ""
        fatalError("Fuzz check failed: \(message)\n--- edit ---\n\(edit)\(output)")
    }
}
