import Foundation
import PlistKit

/// One document of the size ladder (`plist-bench --ladder`): the small documents people
/// actually read (an Info.plist, a preferences domain, a small keyed archive) and music
/// libraries from 20 tracks up, each read and written in XML and binary by PlistKit,
/// Foundation and (through compare-libplist.sh) libplist, with libxml2's floor beside the XML
/// reads.
struct LadderRung {
    /// The rung's name in operation names and file names, such as `info-1k` or `library-intl-200`.
    let name: String
    /// What the document is, for the table's reader.
    let summary: String
    /// Makes the document's tree.
    let makeValue: () throws -> PlistValue
    /// How the input files are written (the bytes every reader reads).
    var fileWritingOptions = Workload.writingOptions
    /// The key path the lookup operation reads (one value near the end of the file).
    let lookupPath: [String]
    /// The Codable model the rung decodes into and encodes from, if it has one.
    var model: (any ChecksummedModel.Type)? = nil
    /// Whether the document is the keyed archive of ``ArchiveUser/sample`` (keyed
    /// unarchive and archive run on it).
    var isUserArchive = false

    /// The rungs in order of size: the documents of TestData and the generated small ones,
    /// then each music library at each of `trackCounts`.
    static func all(trackCounts: [Int]) -> [LadderRung] {
        var rungs = [
            LadderRung(
                name: "info-1k", summary: "the 1 KB Info.plist of TestData/Examples",
                makeValue: DataSets.exampleInfoPlist, lookupPath: ["CFBundleIdentifier"], model: InfoPlistModel.self),
            LadderRung(
                name: "archive-1k", summary: "a keyed archive of one User",
                makeValue: { try PlistValue(decoding: KeyedArchiver.archivedData(withRootObject: ArchiveUser.sample)) },
                lookupPath: ["$top", "root"], isUserArchive: true),
            LadderRung(
                name: "prefs-10k", summary: "a preferences domain",
                makeValue: DataSets.preferencesDomain, lookupPath: ["NSWindow Frame Export"]),
            LadderRung(
                name: "info-30k", summary: "a large app's Info.plist",
                makeValue: DataSets.largeInfoPlist, lookupPath: ["UIDeviceFamily", "1"], model: InfoPlistModel.self),
        ]
        for tracks in trackCounts {
            for set in LibraryDataSet.allCases {
                rungs.append(LadderRung(
                    name: "\(set.name)-\(tracks)", summary: "\(set.label(tracks: tracks))",
                    makeValue: { set.makeValue(tracks: tracks) }, fileWritingOptions: set.fileWritingOptions,
                    lookupPath: ["Tracks", set.probeTrackID(tracks: tracks), "Name"], model: set.modelType))
            }
        }
        return rungs
    }

    /// How many documents one timed run reads or writes, from the size of the XML file: about
    /// 2 MB of XML a run, so that a run of a 1 KB document lasts milliseconds (the same number
    /// for every side and every operation of the rung, the C peers included).
    static func documentsPerRun(xmlBytes: Int) -> Int {
        max(1, min(2_000, 2_000_000 / max(1, xmlBytes)))
    }
}
