import Foundation

/// The music library as Codable types, for the Codable operations: the keys are the library's
/// own ("Track ID", "Date Added"), optional keys are optionals.
struct LibraryModel: ChecksummedModel {
    struct Track: Codable {
        var trackID: Int
        var name: String
        var artist: String
        var album: String
        var genre: String
        var kind: String
        var size: Int
        var totalTime: Int
        var trackNumber: Int
        var year: Int
        var dateAdded: Date
        var bitRate: Int
        var playCount: Int
        var replayGain: Double
        var persistentID: String
        var loved: Bool?
        var compilation: Bool?
        var artworkDigest: Data?

        enum CodingKeys: String, CodingKey {
            case trackID = "Track ID", name = "Name", artist = "Artist", album = "Album"
            case genre = "Genre", kind = "Kind", size = "Size", totalTime = "Total Time"
            case trackNumber = "Track Number", year = "Year", dateAdded = "Date Added"
            case bitRate = "Bit Rate", playCount = "Play Count", replayGain = "Replay Gain"
            case persistentID = "Persistent ID", loved = "Loved", compilation = "Compilation"
            case artworkDigest = "Artwork Digest"
        }
    }

    struct Playlist: Codable {
        struct Item: Codable {
            var trackID: Int
            enum CodingKeys: String, CodingKey { case trackID = "Track ID" }
        }
        var name: String
        var playlistID: Int
        var items: [Item]

        enum CodingKeys: String, CodingKey {
            case name = "Name", playlistID = "Playlist ID", items = "Playlist Items"
        }
    }

    var majorVersion: Int
    var minorVersion: Int
    var applicationVersion: String
    var date: Date
    var features: Int
    var showContentRatings: Bool
    var libraryPersistentID: String
    var tracks: [String: Track]
    var playlists: [Playlist]

    enum CodingKeys: String, CodingKey {
        case majorVersion = "Major Version", minorVersion = "Minor Version"
        case applicationVersion = "Application Version", date = "Date", features = "Features"
        case showContentRatings = "Show Content Ratings", libraryPersistentID = "Library Persistent ID"
        case tracks = "Tracks", playlists = "Playlists"
    }

    /// A checksum both decoders must agree on: the track count and the sum of play counts
    /// and playlist items.
    var checksum: UInt64 {
        let plays = tracks.values.reduce(0) { $0 &+ UInt64($1.playCount) }
        let items = playlists.reduce(0) { $0 &+ UInt64($1.items.count) }
        return UInt64(tracks.count) &* 1_000_003 &+ plays &+ items
    }
}
