import Foundation
import PlistKit
import PlistKitFoundation

/// The operations of the size ladder (`plist-bench --ladder`), named `OPERATION: RUNG`: on
/// every rung, parse and write in binary and XML and a one-key lookup in the binary file;
/// Codable decode and encode where the rung has a model; keyed unarchive and archive on the
/// archive rung. PlistKit against Foundation on the same bytes; compare-libplist.sh adds
/// libplist and libxml2's floor on the files `--write-data` writes.
///
/// Each timed run reads or writes ``LadderRung/documentsPerRun(xmlBytes:)`` documents on
/// both sides; every result a run makes stays alive until its clock stops, so neither side's
/// freeing is timed.
enum LadderOperations {
    /// The operations of every rung, then the keyed-archive operations on notes.
    static func all(for options: BenchOptions) -> [PlannedOperation] {
        LadderRung.all(trackCounts: trackCounts(options)).flatMap(operations) + KeyedArchiveOperations.all(for: options)
    }

    /// The music libraries' sizes: 20, 200 and 2,000 tracks, then the run's track count
    /// (50,000; 5,000 with `--quick`).
    static func trackCounts(_ options: BenchOptions) -> [Int] {
        var counts = [20, 200, 2_000].filter { $0 < options.effectiveTrackCount }
        counts.append(options.effectiveTrackCount)
        return counts
    }

    /// The rung's input: its bytes in both formats as PlistKit writes them, and the number
    /// of documents a run handles.
    struct Input {
        let binary: Data
        let xml: Data
        let documents: Int

        init(_ rung: LadderRung, _ workload: Workload) throws {
            let value = { try workload.ladderValue(rung) }
            binary = try workload.encoded(rung.name, .binary, options: rung.fileWritingOptions, value)
            xml = try workload.encoded(rung.name, .xml, options: rung.fileWritingOptions, value)
            documents = LadderRung.documentsPerRun(xmlBytes: xml.count)
        }

        func data(_ format: PlistFormat) -> Data { format == .binary ? binary : xml }
    }

    static func operations(_ rung: LadderRung) -> [PlannedOperation] {
        var result: [PlannedOperation] = []
        for format in [PlistFormat.binary, .xml] {
            result.append(parse(rung, format))
            result.append(write(rung, format))
        }
        if let model = rung.model {
            for format in [PlistFormat.binary, .xml] {
                result.append(codableDecode(model, rung, format))
                result.append(codableEncode(model, rung, format))
            }
        }
        if rung.isUserArchive {
            result += keyedUser(rung)
        }
        result.append(lookup(rung))
        return result
    }

    private static func formatName(_ format: PlistFormat) -> String { format == .binary ? "binary" : "XML" }

    /// An operation on `rung` whose two sides `sides` makes from the rung's input; `bytes`
    /// is the size of what one document reads or writes.
    static func operation(
        _ name: String, _ rung: LadderRung, bytes: @escaping (Input) -> Data, note: String? = nil,
        sides: @escaping (Input, Workload) throws -> (plistKit: BenchOperation.Side, foundation: BenchOperation.Side)
    ) -> PlannedOperation {
        PlannedOperation(name: name) { workload in
            let input = try Input(rung, workload)
            let (plistKit, foundation) = try sides(input, workload)
            return BenchOperation(
                name: name, bytes: bytes(input).count, repetitions: input.documents,
                plistKit: plistKit, foundation: foundation, note: note ?? rung.summary)
        }
    }

    /// PlistKit's `PlistValue(decoding:)` (the format detected, as Foundation detects it)
    /// against `PropertyListSerialization`.
    static func parse(_ rung: LadderRung, _ format: PlistFormat) -> PlannedOperation {
        operation("parse \(formatName(format)): \(rung.name)", rung, bytes: { $0.data(format) }) { input, _ in
            let data = input.data(format)
            return (
                .init {
                    let decoded = try PlistValue(decoding: data)
                    return { Checksums.nodeCount(decoded) }
                },
                .init {
                    let decoded = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                    return { Checksums.nodeCount(foundation: decoded) }
                })
        }
    }

    /// PlistKit's `encoded(as:)` against `PropertyListSerialization`, on the same tree.
    static func write(_ rung: LadderRung, _ format: PlistFormat) -> PlannedOperation {
        operation("write \(formatName(format)): \(rung.name)", rung, bytes: { $0.data(format) }) { _, workload in
            let tree = try workload.ladderValue(rung)
            let object = tree.propertyListObject
            let foundationFormat: PropertyListSerialization.PropertyListFormat = format == .binary ? .binary : .xml
            return (
                .init {
                    let data = try tree.encoded(as: format, options: rung.fileWritingOptions)
                    return { UInt64(data.count) }
                },
                .init {
                    let data = try PropertyListSerialization.data(fromPropertyList: object, format: foundationFormat, options: 0)
                    return { UInt64(data.count) }
                })
        }
    }

    /// `PlistDecoder` against `PropertyListDecoder`.
    static func codableDecode<Model: ChecksummedModel>(_ model: Model.Type, _ rung: LadderRung, _ format: PlistFormat) -> PlannedOperation {
        operation("Codable decode \(formatName(format)): \(rung.name)", rung, bytes: { $0.data(format) }) { input, _ in
            let data = input.data(format)
            return (
                .init {
                    let decoded = try PlistDecoder().decode(Model.self, from: data)
                    return { decoded.checksum }
                },
                .init {
                    let decoded = try PropertyListDecoder().decode(Model.self, from: data)
                    return { decoded.checksum }
                })
        }
    }

    /// `PlistEncoder` against `PropertyListEncoder`, each made once per run of documents as
    /// a program reuses one.
    static func codableEncode<Model: ChecksummedModel>(_ model: Model.Type, _ rung: LadderRung, _ format: PlistFormat) -> PlannedOperation {
        operation("Codable encode \(formatName(format)): \(rung.name)", rung, bytes: { $0.data(format) }) { input, _ in
            let value = try PropertyListDecoder().decode(Model.self, from: input.binary)
            let plistEncoder = PlistEncoder(outputFormat: format)
            let foundationEncoder = PropertyListEncoder()
            foundationEncoder.outputFormat = format == .binary ? .binary : .xml
            return (
                .init {
                    let data = try plistEncoder.encode(value)
                    return { UInt64(data.count) }
                },
                .init {
                    let data = try foundationEncoder.encode(value)
                    return { UInt64(data.count) }
                })
        }
    }

    /// Keyed unarchive and archive of one `User`: PlistKit's `KeyedUnarchiver` and
    /// `KeyedArchiver` against `NSKeyedUnarchiver` and `NSKeyedArchiver`.
    static func keyedUser(_ rung: LadderRung) -> [PlannedOperation] {
        [
            operation("keyed unarchive: \(rung.name)", rung, bytes: \.binary) { input, _ in
                NSKeyedUnarchiver.setClass(FoundationUser.self, forClassName: "User")
                let data = input.binary
                return (
                    .init {
                        let user = try KeyedUnarchiver.unarchivedObject(ofClass: ArchiveUser.self, from: data)
                        return { user.checksum }
                    },
                    .init {
                        let user = try NSKeyedUnarchiver.unarchivedObject(ofClass: FoundationUser.self, from: data)
                        return { user?.user.checksum ?? 0 }
                    })
            },
            operation("keyed archive: \(rung.name)", rung, bytes: \.binary) { _, _ in
                let foundationUser = FoundationUser(ArchiveUser.sample)
                return (
                    .init {
                        let data = try KeyedArchiver.archivedData(withRootObject: ArchiveUser.sample)
                        return { UInt64(data.count) }
                    },
                    .init {
                        let data = try NSKeyedArchiver.archivedData(withRootObject: foundationUser, requiringSecureCoding: true)
                        return { UInt64(data.count) }
                    })
            },
        ]
    }

    /// One value read from the binary file: PlistKit's lazy `BinaryPlistView` against
    /// Foundation, which has no lazy reader, decoding the whole file and looking it up.
    static func lookup(_ rung: LadderRung) -> PlannedOperation {
        let path = PlistKeyPath(components: rung.lookupPath)
        return operation("lookup binary: \(rung.name)", rung, bytes: \.binary, note: "\(rung.summary); reads \(path)") { input, _ in
            let data = input.binary
            return (
                .init {
                    let value = try BinaryPlistView(bytes: data).value(at: path)
                    return { Checksums.nodeCount(value) }
                },
                .init {
                    let root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                    let value = foundationValue(in: root, at: rung.lookupPath)
                    return { value.map { Checksums.nodeCount(foundation: $0) } ?? 0 }
                })
        }
    }

    /// The value at `path` in a Foundation property-list tree (a number indexes an array).
    static func foundationValue(in root: Any, at path: [String]) -> Any? {
        var node: Any? = root
        for component in path {
            if let dictionary = node as? [String: Any] {
                node = dictionary[component]
            } else if let array = node as? [Any], let index = Int(component), array.indices.contains(index) {
                node = array[index]
            } else {
                return nil
            }
        }
        return node
    }
}
