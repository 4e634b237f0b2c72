import Foundation
import PlistKit
import PlistKitFoundation

/// The generated data, made once per run and only when an operation needs it.
final class Workload {
    let options: BenchOptions

    init(options: BenchOptions) { self.options = options }

    var trackCount: Int { options.effectiveTrackCount }

    lazy var infoPlist: PlistValue = DataSets.infoPlist()
    lazy var infoPlistObject: Any = infoPlist.propertyListObject
    /// 10,000 levels: PlistKit reads it with a raised depth limit.
    lazy var deepNesting: PlistValue = DataSets.deepNesting(depth: Workload.deepDepth)
    /// 500 levels: within Foundation's XML depth limit (512), for a comparison.
    lazy var shallowNesting: PlistValue = DataSets.deepNesting(depth: Workload.comparableDepth)
    lazy var shallowNestingObject: Any = shallowNesting.propertyListObject
    lazy var blobs: PlistValue = DataSets.blobs(count: options.isQuick ? 50 : 200, size: 256 << 10)
    lazy var blobsObject: Any = blobs.propertyListObject
    lazy var strings: PlistValue = DataSets.nonASCIIStrings(count: options.isQuick ? 20_000 : 100_000)
    lazy var stringsObject: Any = strings.propertyListObject

    static let deepDepth = 10_000
    static let comparableDepth = 500

    /// Reading options for the deep document: the default limit of 512 levels is raised, as an
    /// application that trusts its input would.
    static let deepReadingOptions = PlistReadingOptions(maximumDepth: deepDepth + 1)

    /// Writing options for every data set: the text writers' depth limit is raised to match,
    /// which is safe here because the benchmark runs on the main thread (8 MiB of stack).
    static let writingOptions = PlistWritingOptions(maximumDepth: deepDepth + 1)

    private var encodings: [String: Data] = [:]
    private var ladderValues: [String: PlistValue] = [:]
    private var libraries: [LibraryDataSet: PlistValue] = [:]
    private var libraryObjects: [LibraryDataSet: Any] = [:]

    /// The tree of one music library, made on first use.
    func library(_ set: LibraryDataSet) -> PlistValue {
        if let made = libraries[set] { return made }
        let made = set.makeValue(tracks: trackCount)
        libraries[set] = made
        return made
    }

    /// The same library as Foundation objects, for Foundation's encoders.
    func libraryObject(_ set: LibraryDataSet) -> Any {
        if let made = libraryObjects[set] { return made }
        let made = library(set).propertyListObject
        libraryObjects[set] = made
        return made
    }

    /// The tree of one rung of the size ladder, made on first use.
    func ladderValue(_ rung: LadderRung) throws -> PlistValue {
        if let made = ladderValues[rung.name] { return made }
        let made = try rung.makeValue()
        ladderValues[rung.name] = made
        return made
    }

    /// The library's bytes in `format`, as PlistKit's writer makes them.
    func encodedLibrary(_ set: LibraryDataSet, _ format: PlistFormat) throws -> Data {
        try encoded(set.name, format, options: set.fileWritingOptions) { library(set) }
    }

    /// `value` encoded by PlistKit's writer in `format`, cached under `key`: the one input both
    /// sides' decoders read.
    func encoded(
        _ key: String, _ format: PlistFormat, options: PlistWritingOptions = Workload.writingOptions,
        _ value: () throws -> PlistValue
    ) throws -> Data {
        let cacheKey = "\(key).\(format)"
        if let cached = encodings[cacheKey] { return cached }
        let data = try value().encoded(as: format, options: options)
        encodings[cacheKey] = data
        return data
    }
}
