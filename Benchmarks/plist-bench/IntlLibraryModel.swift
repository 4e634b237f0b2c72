import Foundation

/// The international music library (``DataSets/intlLibrary(tracks:)``) as Codable types: every
/// key of the generated file has a field, optional keys are optionals, "Sync Offset" and
/// "Content Token" are `Int64` and `UInt64` (their values reach both types' extremes), the
/// `file://` locations are `String` (a property list has no URL type), digests and tokens
/// `Data`, dates `Date`.
struct IntlLibraryModel: ChecksummedModel {
    struct Track: Codable {
        var trackID: Int
        var name: String
        var artist: String
        var album: String
        var genre: String
        var kind: String
        var size: Int
        var totalTime: Int
        var dateModified: Date
        var dateAdded: Date
        var bitRate: Int
        var sampleRate: Int
        var persistentID: String
        var trackType: String
        var location: String
        var replayGain: Double
        var syncOffset: Int64
        var contentToken: UInt64
        var fileFolderCount: Int
        var albumArtist: String?
        var trackNumber: Int?
        var trackCount: Int?
        var year: Int?
        var playCount: Int?
        var playDate: Date?
        var composer: String?
        var artworkDigest: Data?
        var discNumber: Int?
        var sortName: String?
        var loudness: Double?
        var rating: Int?
        var releaseDate: Date?
        var loved: Bool?
        var volumeAdjustment: Int?
        var skipCount: Int?
        var comments: String?
        var cloudToken: Data?
        var compilation: Bool?

        enum CodingKeys: String, CodingKey {
            case trackID = "Track ID", name = "Name", artist = "Artist", album = "Album"
            case genre = "Genre", kind = "Kind", size = "Size", totalTime = "Total Time"
            case dateModified = "Date Modified", dateAdded = "Date Added", bitRate = "Bit Rate"
            case sampleRate = "Sample Rate", persistentID = "Persistent ID", trackType = "Track Type"
            case location = "Location", replayGain = "Replay Gain", syncOffset = "Sync Offset"
            case contentToken = "Content Token", fileFolderCount = "File Folder Count"
            case albumArtist = "Album Artist", trackNumber = "Track Number", trackCount = "Track Count"
            case year = "Year", playCount = "Play Count", playDate = "Play Date UTC"
            case composer = "Composer", artworkDigest = "Artwork Digest", discNumber = "Disc Number"
            case sortName = "Sort Name", loudness = "Loudness", rating = "Rating"
            case releaseDate = "Release Date", loved = "Loved", volumeAdjustment = "Volume Adjustment"
            case skipCount = "Skip Count", comments = "Comments", cloudToken = "Cloud Token"
            case compilation = "Compilation"
        }
    }

    struct Playlist: Codable {
        typealias Item = LibraryModel.Playlist.Item
        var name: String
        var playlistID: Int
        var playlistPersistentID: String
        var allItems: Bool
        var items: [Item]

        enum CodingKeys: String, CodingKey {
            case name = "Name", playlistID = "Playlist ID", playlistPersistentID = "Playlist Persistent ID"
            case allItems = "All Items", items = "Playlist Items"
        }
    }

    var majorVersion: Int
    var minorVersion: Int
    var applicationVersion: String
    var date: Date
    var features: Int
    var showContentRatings: Bool
    var libraryPersistentID: String
    var musicFolder: String
    var tracks: [String: Track]
    var playlists: [Playlist]

    enum CodingKeys: String, CodingKey {
        case majorVersion = "Major Version", minorVersion = "Minor Version"
        case applicationVersion = "Application Version", date = "Date", features = "Features"
        case showContentRatings = "Show Content Ratings", libraryPersistentID = "Library Persistent ID"
        case musicFolder = "Music Folder", tracks = "Tracks", playlists = "Playlists"
    }

    /// Sums over every track of the fields a reader is likeliest to get wrong: the extreme
    /// integers, the reals' exact bits, the non-ASCII names' UTF-8 length, the data lengths and
    /// which optional keys are present; then the playlists' items. Addition does not depend on
    /// the order a decoder fills the dictionary in.
    var checksum: UInt64 {
        var sum = UInt64(tracks.count) &* 1_000_003
        for track in tracks.values {
            sum &+= UInt64(bitPattern: track.syncOffset) ^ track.contentToken
            sum &+= track.replayGain.bitPattern &+ (track.loudness?.bitPattern ?? 0)
            sum &+= UInt64(track.name.utf8.count + track.location.utf8.count)
            sum &+= UInt64((track.artworkDigest?.count ?? 0) + (track.cloudToken?.count ?? 0))
            sum &+= UInt64(track.playCount ?? 0) &+ (track.composer == nil ? 0 : 1) &+ (track.loved == nil ? 0 : 2)
            sum &+= UInt64(bitPattern: Int64(track.volumeAdjustment ?? 0))
        }
        for playlist in playlists {
            sum &+= playlist.items.reduce(UInt64(playlist.items.count)) { $0 &+ UInt64($1.trackID) }
        }
        return sum
    }
}
