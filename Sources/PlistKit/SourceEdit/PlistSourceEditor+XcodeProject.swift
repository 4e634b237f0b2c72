extension SourceSplice {
    /// Moves the key `edit` adds to a dictionary of `edited` to where Xcode would write it, when
    /// the file is an Xcode project: in `objects`, into its `isa`'s section in id order; in any
    /// other dictionary, in key order after `isa`. Elsewhere a new key stays last, as the file's
    /// own order is not known to be sorted.
    func placeNewKey(of edit: PlistEdit, original: PlistValue, in edited: inout PlistValue) throws {
        guard style.xcode != nil, let key = edit.path.components.last else { return }
        switch edit {
        case .set, .insert: break
        case .replace, .remove, .append: return
        }
        let containerPath = edit.path.parent
        guard case .dictionary(let before) = try original.value(at: containerPath), !before.contains(key: key),
            case .dictionary(var after) = try edited.value(at: containerPath), let value = after[key]
        else { return }
        let index =
            containerPath.components == ["objects"]
            ? Self.objectIndex(of: key, isa: XcodeProject.isa(of: value), among: before)
            : XcodeProject.insertionIndex(of: key, among: before.keys)
        after.removeValue(forKey: key)
        after.insert(value, forKey: key, at: index)
        if containerPath.isEmpty { edited = .dictionary(after) } else { try edited.setValue(.dictionary(after), at: containerPath) }
    }

    /// Where a new object goes among `objects`: after the last object of its `isa` whose id
    /// sorts before its own (or before the first of them); with no object of its `isa` yet,
    /// where its section goes, before the first object whose `isa` sorts after its own.
    static func objectIndex(of id: String, isa: String?, among objects: PlistDictionary) -> Int {
        let ids = objects.keys, isas = objects.values.map(XcodeProject.isa(of:))
        guard let isa else { return ids.firstIndex { PlistDictionary.keyPrecedes(id, $0) } ?? ids.count }
        let section = isas.indices.filter { isas[$0] == isa }
        if let last = section.last {
            return section.first { PlistDictionary.keyPrecedes(id, ids[$0]) } ?? last + 1
        }
        return isas.firstIndex { $0.map { PlistDictionary.keyPrecedes(isa, $0) } ?? false } ?? ids.count
    }

    /// The text that puts the new object `value` at `id` at entry `index` of `objects`
    /// (`container`), laid out as Xcode lays it out: `ID /* name */ = {…};` on a line of its
    /// own, next to an object of its `isa`, or in a new `/* Begin ISA section */` …
    /// `/* End ISA section */` run between the sections around it. `project` describes the
    /// edited tree, whose `objects` hold the new object at `index`.
    func insertingObject(
        _ id: String, _ value: PlistValue, at index: Int, in container: SourceNode, project: XcodeProject
    ) throws -> (Range<Int>, [UInt8]) {
        let objects = project.objects, entries = container.entries
        guard objects.keys.indices.contains(index), objects.keys[index] == id, objects.count == entries.count + 1 else {
            throw LayoutUnavailable("the objects do not match their layout")
        }
        let text = style.text, newline = style.newline
        let isas = objects.values.map(XcodeProject.isa(of:))
        let isa = isas[index]
        let unit = style.unit(in: root)
        let indent = entries.first.map { style.lineIndent(at: $0.start) } ?? style.lineIndent(at: container.range.lowerBound) + unit
        let oneLine = isa.map(XcodeProject.oneLineISAs.contains) ?? false
        let entry = indent + project.keyText(id, isObjectID: true) + Array(" = ".utf8)
            + (try project.text(value, key: id, indent: indent, unit: unit, newline: newline, oneLine: oneLine)) + [UInt8(ascii: ";")]

        /// The start of the line `position` is on, past its indentation backwards.
        func lineStart(_ position: Int) -> Int {
            var start = position
            while start > 0, text[start - 1] == 0x20 || text[start - 1] == 0x09 { start -= 1 }
            return start
        }
        /// Where `needle` occurs in `range`: its last occurrence, or its first.
        func find(_ needle: String, in range: Range<Int>, last: Bool) -> Int? {
            let bytes = Array(needle.utf8)
            guard range.count >= bytes.count else { return nil }
            let starts = range.lowerBound...(range.upperBound - bytes.count)
            let matches = { (start: Int) in text[start..<(start + bytes.count)].elementsEqual(bytes) }
            return last ? starts.reversed().first(where: matches) : starts.first(where: matches)
        }

        // Next to an object of the same isa: inside that section.
        if let isa, index > 0, isas[index - 1] == isa {
            let end = entries[index - 1].end
            return (end..<end, newline + entry)
        }
        if let isa, index < entries.count, isas[index + 1] == isa {
            let start = lineStart(entries[index].start)
            return (start..<start, entry + newline)
        }
        // The first object of its isa: a section of its own, where the sections around it end
        // and begin.
        if let isa, let content = container.content {
            let section = Array("/* Begin \(isa) section */".utf8) + newline + entry + newline + Array("/* End \(isa) section */".utf8)
            if index < entries.count {
                let from = index > 0 ? entries[index - 1].end : content.lowerBound
                if let begin = find("/* Begin ", in: from..<entries[index].start, last: true), lineStart(begin) == begin {
                    return (begin..<begin, section + newline + newline)
                }
            } else if let previous = entries.last {
                if let end = find("/* End ", in: previous.end..<content.upperBound, last: false),
                    let close = find("*/", in: end..<content.upperBound, last: false)
                {
                    return ((close + 2)..<(close + 2), newline + newline + section)
                }
            } else {
                return (content, newline + newline + section + newline + style.lineIndent(at: container.range.lowerBound))
            }
        }
        // No sections to follow: a line of its own in id order.
        if index < entries.count {
            let start = lineStart(entries[index].start)
            return (start..<start, entry + newline)
        }
        guard let previous = entries.last else { throw LayoutUnavailable("an empty objects dictionary without content") }
        return (previous.end..<previous.end, newline + entry)
    }

    /// The annotations Xcode would also change elsewhere because of `edit`, as pieces to
    /// splice beside `main` (the edit's own span): for the edited object, the objects its new
    /// text refers to and the build files that refer to it, the annotation after the object's
    /// key and after every reference to it, where the name Xcode derives for it changes (a
    /// build file its phase now lists, a file renamed, a build file pointed at another file).
    ///
    /// An annotation is changed only where the name derived from the file as it was is the one
    /// the file has, so that no annotation Xcode wrote is replaced by a guess.
    func annotationPieces(
        for edit: PlistEdit, original: PlistValue, before: XcodeProject, after: XcodeProject, beside main: Range<Int>
    ) -> [(range: Range<Int>, text: [UInt8])] {
        guard case .dictionary(let top) = original, let objectsIndex = top.index(forKey: "objects"),
            case .dictionary(let objects) = top.values[objectsIndex], root.entries.count == top.count,
            root.entries[objectsIndex].value.entries.count == objects.count
        else { return [] }
        let components = edit.path.components
        guard components.count >= 2, components[0] == "objects" else { return [] }
        let edited = components[1]
        var affected: Set<String> = [edited]
        switch edit {
        case .set(let value, _), .insert(let value, _), .replace(let value, _), .append(let value, _):
            collectReferences(in: value, key: components.last, project: after, into: &affected)
        case .remove:
            break
        }
        for (id, object) in after.objects {
            guard case .dictionary(let fields) = object else { continue }
            if fields["fileRef"] == .string(edited) || fields["productRef"] == .string(edited) { affected.insert(id) }
            if id == edited, case .string(let list)? = fields["buildConfigurationList"] { affected.insert(list) }
        }
        var changed: [String: [UInt8]] = [:]
        for id in affected {
            let old = before.fileAnnotations[id]
            guard old == (objects[id] == nil ? nil : before.derivedAnnotation(for: id)), let new = after.derivedAnnotation(for: id),
                new != old
            else { continue }
            changed[id] = Array(" /* \(new) */".utf8)
        }
        guard !changed.isEmpty else { return [] }
        var pieces: [(range: Range<Int>, text: [UInt8])] = []
        let objectsNode = root.entries[objectsIndex].value
        for (index, id) in objects.keys.enumerated() {
            guard let text = changed[id], let keyEnd = objectsNode.entries[index].keyEnd else { continue }
            pieces.append((annotationSpan(after: keyEnd), text))
        }
        references(to: changed, in: root, value: original, key: nil, into: &pieces)
        return pieces.filter { $0.range.upperBound <= main.lowerBound || $0.range.lowerBound >= main.upperBound }
    }

    /// The span of the annotation after `position`, or the empty span there when it has none.
    private func annotationSpan(after position: Int) -> Range<Int> {
        XcodeProject.annotationComment(in: style.text, after: position).map { position..<$0.upperBound } ?? position..<position
    }

    /// A piece for each value in the text that is one of the ids of `annotations`, putting
    /// that annotation in place of the one after it (or after it, if it has none).
    private func references(
        to annotations: [String: [UInt8]], in node: SourceNode, value: PlistValue, key: String?,
        into pieces: inout [(range: Range<Int>, text: [UInt8])]
    ) {
        switch (value, node.shape) {
        case (.string(let string), .scalar):
            if let text = annotations[string], key != "remoteGlobalIDString", !node.range.isEmpty {
                pieces.append((annotationSpan(after: node.range.upperBound), text))
            }
        case (.dictionary(let dictionary), .dictionary) where dictionary.count == node.entries.count:
            for (index, entry) in node.entries.enumerated() {
                references(to: annotations, in: entry.value, value: dictionary.values[index], key: dictionary.keys[index], into: &pieces)
            }
        case (.array(let elements), .array) where elements.count == node.entries.count:
            for (index, entry) in node.entries.enumerated() {
                references(to: annotations, in: entry.value, value: elements[index], key: nil, into: &pieces)
            }
        default:
            break
        }
    }

    /// The object ids `value` (standing at `key`) refers to.
    private func collectReferences(in value: PlistValue, key: String?, project: XcodeProject, into ids: inout Set<String>) {
        switch value {
        case .string(let string):
            if key != "remoteGlobalIDString", project.objects[string] != nil { ids.insert(string) }
        case .dictionary(let dictionary):
            for (entryKey, entryValue) in dictionary { collectReferences(in: entryValue, key: entryKey, project: project, into: &ids) }
        case .array(let elements):
            for element in elements { collectReferences(in: element, key: nil, project: project, into: &ids) }
        default:
            break
        }
    }
}
