import Foundation
import PlistKit

/// Operations beyond plain format reading and writing: Codable, keyed archives and the lazy
/// binary view.
enum ExtraOperations {
    static func all(for options: BenchOptions) -> [PlannedOperation] {
        options.dataSets.flatMap { set in
            codableOperations(set.modelType, set: set, tracks: options.effectiveTrackCount)
        } + KeyedArchiveOperations.all(for: options) + KeyPathOperations.all(for: options)
    }

    /// PlistDecoder/PlistEncoder against PropertyListDecoder/PropertyListEncoder on one music
    /// library's Codable model, in binary and XML.
    static func codableOperations<Model: ChecksummedModel>(
        _ model: Model.Type, set: LibraryDataSet, tracks: Int
    ) -> [PlannedOperation] {
        var result: [PlannedOperation] = []
        let label = set.label(tracks: tracks)
        for format in [PlistFormat.binary, .xml] {
            let formatName = format == .binary ? "binary" : "XML"
            let name = "Codable decode \(formatName): \(label)"
            result.append(PlannedOperation(name: name) { workload in
                let data = try workload.encodedLibrary(set, format)
                return BenchOperation(
                    name: name, bytes: data.count,
                    plistKit: .init {
                        let model = try PlistDecoder().decode(Model.self, from: data)
                        return { model.checksum }
                    },
                    foundation: .init {
                        let model = try PropertyListDecoder().decode(Model.self, from: data)
                        return { model.checksum }
                    })
            })
            let encodeName = "Codable encode \(formatName): \(label)"
            result.append(PlannedOperation(name: encodeName) { workload in
                let data = try workload.encodedLibrary(set, format)
                let model = try PropertyListDecoder().decode(Model.self, from: data)
                let plistEncoder = PlistEncoder(outputFormat: format)
                let foundationEncoder = PropertyListEncoder()
                foundationEncoder.outputFormat = format == .binary ? .binary : .xml
                return BenchOperation(
                    name: encodeName, bytes: data.count,
                    plistKit: .init {
                        let output = try plistEncoder.encode(model)
                        return { UInt64(output.count) }
                    },
                    foundation: .init {
                        let output = try foundationEncoder.encode(model)
                        return { UInt64(output.count) }
                    },
                    note: format == .binary ? nil
                        : "MB/s of both sides counted on the size of PlistKit's generated file of \(set.name)")
            })
        }
        return result
    }
}
