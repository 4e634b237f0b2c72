/// What a surgical edit of an Xcode `project.pbxproj` needs to lay out new text as Xcode
/// does: which strings are object references and the `/* name */` annotation each takes,
/// where a new key goes in a dictionary, and where a new object goes among `objects`.
///
/// The facts, as Xcode-written files show them (TestData/OpenStep/pbxproj) and as the public
/// writer that reproduces Xcode's output states them (tuist's XcodeProj):
/// - every dictionary has its keys sorted (by code unit; `CLANG_WARN_UNREACHABLE_CODE` comes
///   before `CLANG_WARN__DUPLICATE_METHOD_MATCH`), except that an object's `isa` comes first;
/// - `objects` is split into `/* Begin ISA section */` … `/* End ISA section */` runs, one per
///   `isa`, in `isa` order, each object's id in id order inside its section;
/// - `PBXBuildFile` and `PBXFileReference` objects are written on one line, the others on lines
///   of their own, one tab deeper per level;
/// - an id that names an object is followed by its annotation (see ``annotation(for:)``),
///   where it stands as an object's key and as a value, except as `remoteGlobalIDString`;
/// - a string is bare when it is non-empty, uses only `[A-Za-z0-9_$./]` and holds neither `//`
///   nor `___`, and quoted otherwise.
struct XcodeProject {
    /// The objects of the tree being written, by id.
    let objects: PlistDictionary
    /// The annotation after each object's id where the file defines it, as the file has it.
    let fileAnnotations: [String: String]
    /// The name of the first build phase that lists each build file, by the build file's id.
    private let phaseNames: [String: String]
    /// The target or project whose configuration list each list is, by the list's id.
    private let listOwners: [String: PlistDictionary]

    /// The isas Xcode writes on one line.
    static let oneLineISAs: Set<String> = ["PBXBuildFile", "PBXFileReference"]
    /// The header every file Xcode writes starts with.
    static let header = Array("// !$*UTF8*$!".utf8)

    /// The project's layout when `text` is an Xcode project file: its header, and a root
    /// dictionary whose `objects` is a dictionary; `nil` otherwise.
    init?(text: [UInt8], root: SourceNode, value: PlistValue) {
        guard text.starts(with: Self.header), case .dictionary(let top) = value, let index = top.index(forKey: "objects"),
            case .dictionary(let objects) = top.values[index], root.shape == .dictionary, root.entries.count == top.count
        else { return nil }
        self.objects = objects
        (phaseNames, listOwners) = Self.indexes(of: objects)
        var annotations: [String: String] = [:]
        let node = root.entries[index].value
        if node.shape == .dictionary, node.entries.count == objects.count {
            for (id, entry) in zip(objects.keys, node.entries) {
                guard let keyEnd = entry.keyEnd, let comment = Self.annotation(in: text, after: keyEnd) else { continue }
                annotations[id] = String(decoding: text[comment], as: UTF8.self)
            }
        }
        fileAnnotations = annotations
    }

    private init(objects: PlistDictionary, fileAnnotations: [String: String]) {
        self.objects = objects
        self.fileAnnotations = fileAnnotations
        (phaseNames, listOwners) = Self.indexes(of: objects)
    }

    /// Which phase lists each build file and who owns each configuration list: found once,
    /// so that annotating many references stays linear in the file.
    private static func indexes(of objects: PlistDictionary) -> ([String: String], [String: PlistDictionary]) {
        var phases: [String: String] = [:], owners: [String: PlistDictionary] = [:]
        for object in objects.values {
            guard case .dictionary(let fields) = object else { continue }
            if let phase = phaseName(of: fields), case .array(let files)? = fields["files"] {
                for case .string(let file) in files where phases[file] == nil { phases[file] = phase }
            }
            if case .string(let list)? = fields["buildConfigurationList"], owners[list] == nil { owners[list] = fields }
        }
        return (phases, owners)
    }

    /// The same file's layout with the objects of `tree` (the tree after an edit).
    func describing(_ tree: PlistValue) -> XcodeProject {
        guard case .dictionary(let top) = tree, case .dictionary(let objects)? = top["objects"] else { return self }
        return XcodeProject(objects: objects, fileAnnotations: fileAnnotations)
    }

    // MARK: - Annotations

    /// The span of the `/* … */` comment's text (inside its delimiters, without the spaces
    /// around it) that follows `position` across spaces and tabs only, or `nil`.
    static func annotation(in text: [UInt8], after position: Int) -> Range<Int>? {
        guard let comment = annotationComment(in: text, after: position) else { return nil }
        var start = comment.lowerBound + 2, end = comment.upperBound - 2
        if start < end, text[start] == 0x20 { start += 1 }
        if start < end, text[end - 1] == 0x20 { end -= 1 }
        return start..<end
    }

    /// The span of the whole `/* … */` comment (with the spaces and tabs before it) that
    /// follows `position` on its line, or `nil`.
    static func annotationComment(in text: [UInt8], after position: Int) -> Range<Int>? {
        var start = position
        while start < text.count, text[start] == 0x20 || text[start] == 0x09 { start += 1 }
        guard start + 1 < text.count, text[start] == UInt8(ascii: "/"), text[start + 1] == UInt8(ascii: "*") else { return nil }
        var end = start + 2
        while end + 1 < text.count {
            if text[end] == 0x0A || text[end] == 0x0D { return nil }
            if text[end] == UInt8(ascii: "*"), text[end + 1] == UInt8(ascii: "/") { return start..<(end + 2) }
            end += 1
        }
        return nil
    }

    /// The annotation Xcode writes after `id`: the name it derives from the object (below), or
    /// else the one the file gives it; `nil` for a string that names no object, or an object
    /// Xcode annotates with nothing (a group with neither name nor path).
    func annotation(for id: String) -> String? {
        guard objects[id] != nil else { return nil }
        return derivedAnnotation(for: id) ?? fileAnnotations[id].flatMap { $0.contains("*/") ? nil : $0 }
    }

    /// The annotation Xcode derives for the object `id` from the objects alone (see
    /// ``annotation(for:)``), or `nil`.
    func derivedAnnotation(for id: String) -> String? {
        // The annotation is a comment: it cannot hold the comment's end.
        derivedName(of: id).flatMap { $0.contains("*/") ? nil : $0 }
    }

    private func string(_ key: String, of object: PlistDictionary) -> String? {
        if case .string(let text)? = object[key] { return text }
        return nil
    }

    /// The name Xcode shows for an object in annotations, from the object itself (and, for a
    /// build file, the build phase that holds it; for a configuration list, its owner).
    private func derivedName(of id: String) -> String? {
        guard case .dictionary(let object)? = objects[id], let isa = string("isa", of: object) else { return nil }
        switch isa {
        case "PBXBuildFile":
            // "NAME in PHASE"; a build file no phase holds has no annotation.
            guard let phaseName = phaseNames[id] else { return nil }
            let file = string("fileRef", of: object).flatMap(fileName) ?? string("productRef", of: object).flatMap(productName)
            return "\(file ?? "(null)") in \(phaseName)"
        case "PBXFileReference", "PBXGroup", "PBXVariantGroup", "XCVersionGroup", "PBXReferenceProxy",
            "PBXFileSystemSynchronizedRootGroup":
            return string("name", of: object) ?? string("path", of: object)
        case "PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget", "XCBuildConfiguration":
            return string("name", of: object)
        case "PBXProject":
            return "Project object"
        case "PBXContainerItemProxy", "PBXTargetDependency", "PBXBuildRule":
            return isa
        case "XCConfigurationList":
            return configurationListName(id)
        case "XCSwiftPackageProductDependency":
            return string("productName", of: object)
        case "XCRemoteSwiftPackageReference":
            guard var name = string("repositoryURL", of: object)?.split(separator: "/").last.map(String.init) else { return nil }
            if name.hasSuffix(".git") { name.removeLast(4) }
            return "\(isa) \"\(name)\""
        case "XCLocalSwiftPackageReference":
            return string("relativePath", of: object).map { "\(isa) \"\($0)\"" }
        default:
            return Self.phaseName(of: object)
        }
    }

    /// The name Xcode gives each kind of build phase that has none of its own.
    private static let phaseKinds = [
        "PBXSourcesBuildPhase": "Sources", "PBXFrameworksBuildPhase": "Frameworks", "PBXResourcesBuildPhase": "Resources",
        "PBXHeadersBuildPhase": "Headers", "PBXCopyFilesBuildPhase": "CopyFiles", "PBXShellScriptBuildPhase": "ShellScript",
        "PBXRezBuildPhase": "Rez",
    ]

    /// A build phase's name: its own, or the one Xcode gives its kind; `nil` for an object
    /// that is no build phase.
    private static func phaseName(of phase: PlistDictionary) -> String? {
        guard case .string(let isa)? = phase["isa"], let kind = phaseKinds[isa] else { return nil }
        if case .string(let name)? = phase["name"] { return name }
        return kind
    }

    private func fileName(_ id: String) -> String? {
        guard case .dictionary(let file)? = objects[id] else { return nil }
        return string("name", of: file) ?? string("path", of: file)
    }

    private func productName(_ id: String) -> String? {
        guard case .dictionary(let product)? = objects[id] else { return nil }
        return string("productName", of: product)
    }

    /// `Build configuration list for ISA "NAME"`, naming the target or project whose
    /// `buildConfigurationList` it is. A project's name is its `.xcodeproj` folder's, which
    /// the file holds only in the annotations Xcode wrote for the project's own list.
    private func configurationListName(_ id: String) -> String? {
        guard let owner = listOwners[id], let isa = string("isa", of: owner) else { return nil }
        let prefix = "Build configuration list for \(isa) \""
        if isa == "PBXProject" {
            return fileAnnotations.values.first { $0.hasPrefix(prefix) && $0.hasSuffix("\"") }
        }
        return string("name", of: owner).map { prefix + $0 + "\"" }
    }

    // MARK: - Order

    /// Whether key `a` comes before key `b` in a dictionary Xcode writes: `isa` first, then by
    /// code unit.
    static func keyPrecedes(_ a: String, _ b: String) -> Bool {
        if a == "isa" { return b != "isa" }
        if b == "isa" { return false }
        return PlistDictionary.keyPrecedes(a, b)
    }

    /// Where a new `key` goes among `keys`, as Xcode would sort it: before the first key that
    /// sorts after it (after `isa`), or at the end.
    static func insertionIndex(of key: String, among keys: [String]) -> Int {
        keys.firstIndex { keyPrecedes(key, $0) } ?? keys.count
    }

    /// `value` with every dictionary's keys in Xcode's order, as its text will have them.
    static func ordered(_ value: PlistValue) -> PlistValue {
        switch value {
        case .dictionary(let dictionary):
            let order = dictionary.keys.indices.sorted { keyPrecedes(dictionary.keys[$0], dictionary.keys[$1]) }
            return .dictionary(PlistDictionary(order.map { (dictionary.keys[$0], ordered(dictionary.values[$0])) }))
        case .array(let elements):
            return .array(elements.map(ordered))
        default:
            return value
        }
    }

    /// The `isa` of the object `value`, when it is one.
    static func isa(of value: PlistValue) -> String? {
        if case .dictionary(let object) = value, case .string(let isa)? = object["isa"] { return isa }
        return nil
    }
}
