import Foundation
import PlistKit

/// The generated data, made once per run and only when an operation needs it.
final class Workload {
    let options: BenchOptions

    init(options: BenchOptions) { self.options = options }

    var trackCount: Int { options.effectiveTrackCount }

    lazy var library: PlistValue = DataSets.library(tracks: trackCount)
    lazy var libraryObject: Any = library.propertyListObject
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

    /// `value` encoded by PlistKit's writer in `format`, cached under `key`: the one input both
    /// sides' decoders read.
    func encoded(_ key: String, _ format: PlistFormat, _ value: () -> PlistValue) throws -> Data {
        let cacheKey = "\(key).\(format)"
        if let cached = encodings[cacheKey] { return cached }
        let data = try value().encoded(as: format, options: Workload.writingOptions)
        encodings[cacheKey] = data
        return data
    }
}
