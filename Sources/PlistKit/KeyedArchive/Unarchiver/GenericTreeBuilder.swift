import FoundationEssentials

/// Turns archive values into the readable tree of ``KeyedArchive/genericTree(options:)``,
/// instantiating nothing.
///
/// Each object of a class other than the built-ins is expanded once, at its first occurrence
/// in depth-first order; every later reference to it, and every reference back into any object
/// being expanded (a cycle), becomes `{"$ref": index}`. Built-in objects are values and are
/// shown again at each reference while the tree holds fewer than
/// ``GenericTreeOptions/maximumExpandedValues`` values, `{"$ref": index}` beyond that, so the
/// output stays bounded even for graphs with exponentially many shared paths. Built-in Foundation classes become plain values
/// when their fields have the shape Foundation writes, and generic objects otherwise.
struct GenericTreeBuilder {
    let archive: KeyedArchive
    let options: GenericTreeOptions
    var nestedArchiveDepth = 0
    private var expanded = Set<Int>()
    private var referenceCounts: [Int]? = nil
    /// Built-in objects already expanded, with the number of values their trees hold.
    private var builtinTrees: [Int: (PlistValue, Int)] = [:]
    /// The number of values put into the tree so far, shared built-ins counted each time.
    private var producedValues = 0
    /// The keys the tree itself uses in objects.
    static let markers: Set<String> = ["$class", "$classes", "$index", "$ref", "$null", "$archive", "$entries", "$classDescription"]
    /// The keys followed to the value being expanded, for errors.
    private var path: [String] = []
    /// The inline arrays and dictionaries of fields shown so far, by storage: one a binary
    /// file stores once and uses in several places is shown again at each, as shared
    /// built-ins are, while the tree stays under ``GenericTreeOptions/maximumExpandedValues``.
    private var inlineContainers = Set<Int>()

    init(archive: KeyedArchive, options: GenericTreeOptions) {
        self.archive = archive
        self.options = options
    }

    /// The tree for a value of `$top` or of a field: UIDs resolved, scalars as they are.
    mutating func tree(for raw: PlistValue, path: [String]) throws -> PlistValue {
        var depth = 0
        self.path = path
        return try tree(for: raw, depth: &depth)
    }

    /// The tree of a value one step below the current one, `component` naming the step in
    /// errors. The path is a stack mutated in place, so the walk copies no arrays.
    private mutating func child(_ component: String, _ raw: PlistValue, depth: inout Int) throws -> PlistValue {
        path.append(component)
        defer { path.removeLast() }
        return try tree(for: raw, depth: &depth)
    }

    private mutating func tree(for raw: PlistValue, depth: inout Int) throws -> PlistValue {
        producedValues += 1
        depth += 1
        defer { depth -= 1 }
        guard depth <= options.maximumDepth else {
            throw KeyedArchiveError(
                .limitExceeded, "The archive's values are nested deeper than \(options.maximumDepth) levels",
                keyPath: path)
        }
        // Past the limit, an inline container shown before fails: it cannot become a `$ref`
        // (it is no object), and showing it again at every place of 60 levels of arrays each
        // holding the next twice would take 2^60 steps.
        if let identity = raw.containerStorageIdentity, !inlineContainers.insert(identity).inserted,
            producedValues > options.maximumExpandedValues
        {
            throw KeyedArchiveError(
                .limitExceeded,
                "The archive's fields use arrays or dictionaries stored once in so many places that the tree passes \(options.maximumExpandedValues) values",
                keyPath: path)
        }
        switch raw {
        case .uid(let uid):
            return try object(Int(uid), depth: &depth)
        case .array(let elements):
            var result: [PlistValue] = []
            result.reserveCapacity(elements.count)
            for (i, element) in elements.enumerated() {
                result.append(try child(String(i), element, depth: &depth))
            }
            return .array(result)
        case .dictionary(let entries):
            var result = PlistDictionary(minimumCapacity: entries.count)
            for (key, element) in entries {
                result[key] = try child(key, element, depth: &depth)
            }
            return .dictionary(result)
        case .data(let data):
            return nested(data) ?? raw
        default:
            return raw
        }
    }

    private mutating func object(_ index: Int, depth: inout Int) throws -> PlistValue {
        guard archive.objects.indices.contains(index) else {
            throw KeyedArchiveError(
                .corruptArchive, "UID \(index) is out of range ($objects has \(archive.objects.count) entries)",
                objectIndex: index, keyPath: path)
        }
        switch archive.objects[index] {
        case .null:
            return ["$null": true]
        case .scalar(let value):
            if case .data(let data) = value { return nested(data) ?? value }
            return value
        case .classDescription(let description):
            return ["$classDescription": .string(description.name)]
        case .instance(let instance):
            // A shared built-in (an NSArray, NSString, NSDate… that Foundation wrote once
            // because equal values appeared twice) is a value: it is shown again wherever it is
            // referred to, as long as the tree stays within its size budget. The copy costs
            // nothing (PlistValue is copy-on-write); the budget bounds what printing it costs.
            if let (value, size) = builtinTrees[index] {
                if producedValues + size <= options.maximumExpandedValues {
                    producedValues += size
                    return value
                }
                return ["$ref": .integer(PlistInteger(Int64(index)))]
            }
            guard expanded.insert(index).inserted else {
                return ["$ref": .integer(PlistInteger(Int64(index)))]
            }
            let before = producedValues
            if let builtin = try builtin(instance, depth: &depth) {
                builtinTrees[index] = (builtin, producedValues - before + 1)
                return builtin
            }
            var result = PlistDictionary(minimumCapacity: instance.storage.count + 2)
            result["$class"] = .string(instance.className)
            if options.includesClassChains {
                result["$classes"] = .array(instance.archivedClass.chain.map(PlistValue.string))
            }
            if referenceCount(of: index) > 1 { result["$index"] = .integer(PlistInteger(Int64(index))) }
            for (key, value) in instance.storage where key != "$class" {
                // `$$name` is how the archiver escapes a coder key `$name`; it stays escaped
                // where the plain name would be taken for one of the tree's own markers.
                let name = KeyedUnarchiver.unescaped(key)
                result[Self.markers.contains(name) ? key : name] = try child(key, value, depth: &depth)
            }
            return .dictionary(result)
        }
    }

    /// How many references point at each object ($top and fields), counted once on demand.
    private mutating func referenceCount(of index: Int) -> Int {
        if referenceCounts == nil { referenceCounts = archive.incomingReferenceCounts() }
        return referenceCounts?[index] ?? 0
    }

    // MARK: Built-in classes

    /// A resolved reference to a scalar of `$objects`, or the inline scalar itself.
    private func scalar(_ raw: PlistValue?) -> PlistValue? {
        guard let raw else { return nil }
        guard case .uid(let uid) = raw else { return raw.isContainer ? nil : raw }
        guard archive.objects.indices.contains(Int(uid)), case .scalar(let value) = archive.objects[Int(uid)] else { return nil }
        return value
    }

    private func isInstance(_ raw: PlistValue?, of names: Set<String>) -> ArchivedInstance? {
        guard case .uid(let uid)? = raw, archive.objects.indices.contains(Int(uid)),
              case .instance(let instance) = archive.objects[Int(uid)], names.contains(instance.className) else { return nil }
        return instance
    }

    private mutating func builtin(_ instance: ArchivedInstance, depth: inout Int) throws -> PlistValue? {
        let fields = instance.storage
        switch instance.className {
        case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet":
            guard case .array(let elements)? = fields["NS.objects"] else { return nil }
            return try child("NS.objects", .array(elements), depth: &depth)
        case "NSOrderedSet", "NSMutableOrderedSet":
            var elements: [PlistValue] = []
            while let element = fields["NS.object.\(elements.count)"] { elements.append(element) }
            return try tree(for: .array(elements), depth: &depth)
        case "NSDictionary", "NSMutableDictionary":
            guard case .array(let keys)? = fields["NS.keys"], case .array(let values)? = fields["NS.objects"],
                  keys.count == values.count else { return nil }
            let stringKeys = keys.map { scalar($0)?.string }
            let plainKeys = stringKeys.compactMap { $0 }
            // Equal keys (or keys that are not strings) would lose values in a plain
            // dictionary; such dictionaries keep the generic `$entries` form.
            if plainKeys.count == keys.count, Set(plainKeys).count == keys.count {
                var result = PlistDictionary(minimumCapacity: keys.count)
                for (i, key) in plainKeys.enumerated() {
                    result[key] = try child(key, values[i], depth: &depth)
                }
                return .dictionary(result)
            }
            return try entries(instance, keys, values, &depth)
        case "NSString", "NSMutableString":
            if let string = scalar(fields["NS.string"])?.string { return .string(string) }
            if let bytes = scalar(fields["NS.bytes"])?.data, let string = String(validating: bytes, as: UTF8.self) {
                return .string(string)
            }
            return nil
        case "NSData", "NSMutableData":
            guard let data = scalar(fields["NS.data"] ?? fields["NS.bytes"])?.data else { return nil }
            return nested(data) ?? .data(data)
        case "NSDate":
            switch scalar(fields["NS.time"]) {
            case .real(let time)?: return .date(Date(timeIntervalSinceReferenceDate: time))
            case .integer(let time)?: return .date(Date(timeIntervalSinceReferenceDate: time.doubleValue))
            default: return nil
            }
        case "NSUUID":
            guard let bytes = scalar(fields["NS.uuidbytes"])?.data, let uuid = ArchiveUUIDBytes.uuid(from: bytes) else { return nil }
            return .string(uuid.uuidString)
        case "NSURL":
            guard let relative = scalar(fields["NS.relative"])?.string else { return nil }
            guard let base = fields["NS.base"], base != .uid(0) else { return .string(relative) }
            guard isInstance(base, of: ["NSURL"]) != nil else { return nil }
            let baseTree = try child("NS.base", base, depth: &depth)
            if case .string(let baseString) = baseTree, let url = URL(string: relative, relativeTo: URL(string: baseString)) {
                return .string(url.absoluteString)
            }
            return ["$class": "NSURL", "base": baseTree, "relative": .string(relative)]
        case "NSNull":
            return ["$class": "NSNull"]
        case "NSValue":
            return ArchiveNSValueShape.genericTree(fields: fields, scalar: { scalar($0) })
        case "NSAttributedString", "NSMutableAttributedString":
            return try attributedString(instance, depth: &depth)
        default:
            return nil
        }
    }

    private mutating func entries(
        _ instance: ArchivedInstance, _ keys: [PlistValue], _ values: [PlistValue], _ depth: inout Int
    ) throws -> PlistValue {
        var pairs: [PlistValue] = []
        pairs.reserveCapacity(keys.count)
        for i in keys.indices {
            let key = try child("NS.keys[\(i)]", keys[i], depth: &depth)
            let value = try child("NS.objects[\(i)]", values[i], depth: &depth)
            pairs.append(["key": key, "value": value])
        }
        return ["$class": .string(instance.className), "$entries": .array(pairs)]
    }

    private mutating func attributedString(_ instance: ArchivedInstance, depth: inout Int) throws -> PlistValue? {
        let fields = instance.storage
        guard let stringRaw = fields["NSString"] else { return nil }
        let stringTree = try child("NSString", stringRaw, depth: &depth)
        guard case .string(let string) = stringTree else { return nil }
        var result: PlistDictionary = ["$class": .string(instance.className), "string": .string(string)]
        guard let attributesRaw = fields["NSAttributes"] else { return .dictionary(result) }
        let attributes = try child("NSAttributes", attributesRaw, depth: &depth)
        let utf16Count = string.utf16.count
        var info: Data?
        if let infoRaw = fields["NSAttributeInfo"] {
            // Foundation writes the runs as an NSMutableData object, older archives inline.
            info = try child("NSAttributeInfo", infoRaw, depth: &depth).data
        }
        if let info, case .array(let table) = attributes,
           let runs = ArchiveAttributedString.decodeRuns(info, attributeCount: table.count, stringLength: utf16Count) {
            result["runs"] = .array(runs.map { run in
                ["location": .integer(PlistInteger(Int64(run.location))), "length": .integer(PlistInteger(Int64(run.length))),
                 "attributes": table[run.attributeIndex]]
            })
        } else {
            result["runs"] = [["location": 0, "length": .integer(PlistInteger(Int64(utf16Count))), "attributes": attributes]]
        }
        return .dictionary(result)
    }

    // MARK: Nested archives

    /// `{"$archive": tree}` when nested decoding is on and `data` is a property list holding a
    /// keyed archive; `nil` otherwise (the data stays data).
    private func nested(_ data: Data) -> PlistValue? {
        guard options.decodesNestedArchives, nestedArchiveDepth < options.maximumNestedArchiveDepth,
              KeyedArchive.mayHoldPropertyList(data),
              let value = try? PlistValue(decoding: data, options: PlistReadingOptions(maximumDepth: options.maximumDepth)),
              KeyedArchive.isArchive(value),
              let archive = try? KeyedArchive(value, options: PlistReadingOptions(maximumDepth: options.maximumDepth))
        else { return nil }
        var inner = GenericTreeBuilder(archive: archive, options: options)
        inner.nestedArchiveDepth = nestedArchiveDepth + 1
        guard let tree = try? inner.topTree() else { return nil }
        return ["$archive": tree]
    }

    /// The tree of every `$top` key, in archive order.
    mutating func topTree() throws -> PlistValue {
        var result = PlistDictionary(minimumCapacity: archive.top.count)
        for (key, value) in archive.top {
            result[key] = try tree(for: value, path: [key])
        }
        return .dictionary(result)
    }
}
