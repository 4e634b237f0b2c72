import PlistKit

/// The music libraries every library operation runs on, chosen with `--data-set`: a result
/// holds only when it holds on both.
enum LibraryDataSet: String, CaseIterable, Sendable {
    /// The iTunes-shaped library of ``DataSets/library(tracks:)``: regular records, about a
    /// third of the text non-ASCII.
    case library
    /// The international library of ``DataSets/intlLibrary(tracks:)``: 45 % of names and
    /// titles non-ASCII, `file://` URLs, extreme integers, long decimals, many optional keys.
    case libraryIntl = "library-intl"

    /// The set's name in operation names, file names and `--data-set`.
    var name: String { rawValue }

    /// What operation names say after the colon, such as `library-intl (50000 tracks)`.
    func label(tracks: Int) -> String { "\(name) (\(tracks) tracks)" }

    /// Generates the set's tree.
    func makeValue(tracks: Int) -> PlistValue {
        switch self {
        case .library: DataSets.library(tracks: tracks)
        case .libraryIntl: DataSets.intlLibrary(tracks: tracks)
        }
    }

    /// The track whose name the key-path operations read.
    func probeTrackID(tracks: Int) -> String {
        switch self {
        case .library: DataSets.probeTrackID(tracks: tracks)
        case .libraryIntl: DataSets.intlProbeTrackID(tracks: tracks)
        }
    }

    /// How the set's input files are written (the bytes every decoder reads).
    ///
    /// The international library's reals carry 1 to 12 decimals, and its XML file says so:
    /// reals are spelled in their shortest form, as `PropertyListEncoder` writes them, not in
    /// the 17 significant digits of `PropertyListSerialization`, which would make every real
    /// as long as the others. The XML encode operations still write 17 digits on both sides.
    var fileWritingOptions: PlistWritingOptions {
        var options = Workload.writingOptions
        if self == .libraryIntl { options.xmlRealStyle = .shortest }
        return options
    }

    /// The Codable model the Codable operations decode the set into.
    var modelType: any ChecksummedModel.Type {
        switch self {
        case .library: LibraryModel.self
        case .libraryIntl: IntlLibraryModel.self
        }
    }

    /// The sets `--data-set VALUE` selects: one set by name, or `both`.
    static func selection(named value: String) -> [LibraryDataSet]? {
        value == "both" ? allCases : LibraryDataSet(rawValue: value).map { [$0] }
    }
}
