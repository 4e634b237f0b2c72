import Foundation
import PlistKit

// The "library-intl" data set: a music library shaped like a real international one, where the
// plain "library" is regular enough to flatter a reader (sequential IDs, one real per track,
// every integer small, few optional keys). Everything comes from one SplitMix64 seed, so runs,
// and both sides within a run, see the same bytes.
//
// Its shape, and the share of each feature:
// - Names and titles (track, artist, album, album artist, composer, sort name, comments,
//   playlist name): 45 in 100 are non-ASCII, spread evenly over seven kinds of text: CJK and
//   kana, Cyrillic, Hangul, Greek, Arabic, accented Latin (ASCII words with one accented word)
//   and emoji (ASCII words and one emoji). Binary plists store these as UTF-16.
// - Keys are iTunes' own, most of them with spaces ("Track ID", "Play Date UTC").
// - "Location" is a `file://` URL of the track's file, its path percent-encoded as UTF-8.
// - Data: "Artwork Digest" and "Cloud Token" hold 8 to 20 bytes (every length equally likely).
// - Integers: "Sync Offset" is Int64.min on 1 track in 8, Int64.max on 1 in 8, any Int64
//   otherwise; "Content Token" is UInt64.max on 1 track in 16, any UInt64 otherwise (so about
//   half exceed Int64.max: 16-byte integers in binary).
// - Reals: "Replay Gain" (every track) and "Loudness" (optional) have 1 to 12 decimals, every
//   count equally likely, the last decimal never 0 (the set's XML file spells them so: see
//   `LibraryDataSet.fileWritingOptions`).
// - Optional keys: each present on its own share of tracks between 10 and 60 in 100, written
//   next to the key in `intlTrack(id:random:)`.
// - 40 playlists, each of 0 to 2,000 `{Track ID}` dictionaries (every count equally likely,
//   at most the number of tracks), referring to tracks drawn at random.
extension DataSets {
    /// How many names and titles in 100 are non-ASCII.
    static let intlNonASCIIPercent = 45
    /// The number of playlists, and the most items one holds.
    static let intlPlaylistCount = 40
    static let intlMaximumPlaylistItems = 2_000

    private static let asciiWords = [
        "Love", "Night", "Blue", "River", "Song", "Dream", "Light", "Heart", "Road", "Fire",
        "Summer", "Rain", "Moon", "Dance", "Time", "Home", "Sky", "Gold", "Shadow", "Echo",
        "Live", "Remix", "Acoustic", "Version", "Part", "II", "The", "of", "in", "My",
    ]
    private static let cjkWords = [
        "東京", "夜明け", "さくら", "ありがとう", "恋", "雨の日", "星空", "カラオケ", "ナイト",
        "月光", "花火", "青春", "北京", "春天", "我的", "心", "夢", "風の歌", "ひかり", "トーキョー",
    ]
    private static let cyrillicWords = [
        "Любовь", "Ночь", "Звезда", "Город", "Весна", "Песня", "Море", "Дорога", "Сердце", "Зима",
    ]
    private static let hangulWords = ["사랑", "노래", "밤하늘", "봄날", "별빛", "우리", "기억", "너와 나", "서울"]
    private static let greekWords = ["Ωμέγα", "Φως", "Θάλασσα", "Αγάπη", "Νύχτα", "Καλοκαίρι", "Όνειρο", "Ήλιος"]
    private static let arabicWords = ["حب", "ليل", "قمر", "بحر", "أغنية", "سلام", "حلم", "نور", "يا حبيبي"]
    private static let accentedWords = [
        "Café", "Señorita", "Über", "Déjà", "Noël", "Ålesund", "Garçon", "Canção", "Mañana",
        "Fräulein", "Für", "Été", "São", "Zürich", "Bjørk", "Crème", "Año", "Łódź",
    ]
    private static let emoji = ["🎵", "🌙", "🔥", "💔", "🌊", "✨", "🎸", "❤️", "🇯🇵", "👩‍🎤"]
    private static let intlGenres = [
        "Rock", "Pop", "Jazz", "Classical", "Electronic", "Hip-Hop", "Folk", "Soundtrack", "K-Pop",
        "J-Pop", "Chanson", "Musique française", "Música Popular Brasileira", "Русский рок", "歌謡曲",
    ]
    private static let intlKinds = [
        "MPEG audio file", "AAC audio file", "Apple Lossless audio file", "Purchased AAC audio file",
        "Apple Music AAC audio file",
    ]
    private static let musicFolder = "file:///Users/music/Music/iTunes/iTunes%20Media/"

    /// The ID of the track at `index`: IDs are not dense, as in a library that lost tracks.
    static func intlTrackID(index: Int) -> Int {
        200_001 + index * 3
    }

    /// The track ID whose name the key-path operations read: one near the end of the file.
    static func intlProbeTrackID(tracks trackCount: Int) -> String {
        String(intlTrackID(index: trackCount * 9 / 10))
    }

    /// A name or title of `words` words: ASCII, or (``intlNonASCIIPercent`` in 100) one of the
    /// seven non-ASCII kinds, equally likely.
    static func intlTitle(_ random: inout SplitMix64, words: ClosedRange<Int>) -> String {
        let count = words.lowerBound + random.below(words.count)
        func from(_ pool: [String], separator: String = " ") -> String {
            (0..<count).map { _ in random.pick(pool) }.joined(separator: separator)
        }
        guard random.below(100) < intlNonASCIIPercent else { return from(asciiWords) }
        switch random.below(7) {
        case 0: return from(cjkWords, separator: "")  // Chinese and Japanese titles have no spaces
        case 1: return from(cyrillicWords)
        case 2: return from(hangulWords)
        case 3: return from(greekWords)
        case 4: return from(arabicWords)
        case 5:
            var parts = (0..<count).map { _ in random.pick(asciiWords) }
            parts[random.below(count)] = random.pick(accentedWords)
            return parts.joined(separator: " ")
        default:
            return from(asciiWords) + " " + random.pick(emoji)
        }
    }

    /// A real in `-magnitude...magnitude` written with 1 to 12 decimals, the last one not 0.
    ///
    /// The value is an integer count of 10⁻ᵈ units divided by 10ᵈ: both are exact doubles (under
    /// 2⁵³) and the division is correctly rounded, so the double is the one nearest the decimal
    /// text, and a shortest-digits writer prints exactly those d decimals.
    static func intlDecimalReal(_ random: inout SplitMix64, magnitude: Int) -> Double {
        let decimals = 1 + random.below(12)
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        var units = random.below(2 * magnitude * scale + 1) - magnitude * scale
        if units % 10 == 0 { units += 1 }
        return Double(units) / Double(scale)
    }

    /// Int64.min on 1 draw in 8, Int64.max on 1 in 8, otherwise any Int64.
    static func intlExtremeInteger(_ random: inout SplitMix64) -> Int64 {
        switch random.below(8) {
        case 0: return .min
        case 1: return .max
        default: return Int64(bitPattern: random.next())
        }
    }

    /// UInt64.max on 1 draw in 16, otherwise any UInt64 (half of them above Int64.max).
    static func intlLargeUnsigned(_ random: inout SplitMix64) -> UInt64 {
        random.below(16) == 0 ? .max : random.next()
    }

    /// 8 to 20 random bytes.
    static func intlShortData(_ random: inout SplitMix64) -> Data {
        Data((0..<(8 + random.below(13))).map { _ in UInt8(truncatingIfNeeded: random.next()) })
    }

    /// A 64-bit identifier as 16 uppercase hexadecimal digits, as iTunes writes persistent IDs.
    static func intlPersistentID(_ random: inout SplitMix64) -> String {
        let digits = String(random.next(), radix: 16, uppercase: true)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// `text` percent-encoded for a URL path: every UTF-8 byte but letters, digits and `-._~`
    /// becomes `%XX`, as iTunes writes a track's location.
    static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += byte < 16 ? "%0" + hex : "%" + hex
            }
        }
        return result
    }

    /// One track of the international library: 19 keys always, and 19 optional keys each on
    /// its share of tracks (the percentage beside it).
    static func intlTrack(id: Int, random: inout SplitMix64) -> PlistDictionary {
        func chance(_ percent: Int) -> Bool { random.below(100) < percent }
        func integer(_ value: Int) -> PlistValue { .integer(PlistInteger(Int64(value))) }
        var track = PlistDictionary(minimumCapacity: 38)
        let name = intlTitle(&random, words: 1...5)
        let artist = intlTitle(&random, words: 1...3)
        let album = intlTitle(&random, words: 1...4)
        let number = 1 + random.below(24)
        let kind = random.pick(intlKinds)
        let fileExtension = kind.hasPrefix("MPEG") ? "mp3" : "m4a"
        track["Track ID"] = integer(id)
        track["Name"] = .string(name)
        track["Artist"] = .string(artist)
        track["Album"] = .string(album)
        track["Genre"] = .string(random.pick(intlGenres))
        track["Kind"] = .string(kind)
        track["Size"] = integer(1_000_000 + random.below(90_000_000))
        track["Total Time"] = integer(30_000 + random.below(1_200_000))
        track["Date Modified"] = .date(date(&random))
        track["Date Added"] = .date(date(&random))
        track["Bit Rate"] = integer(random.pick([96, 128, 192, 256, 320, 1411]))
        track["Sample Rate"] = integer(random.pick([44_100, 48_000, 88_200, 96_000]))
        track["Persistent ID"] = .string(intlPersistentID(&random))
        track["Track Type"] = "File"
        track["Location"] = .string(musicFolder + "Music/" + percentEncoded(artist) + "/" + percentEncoded(album)
            + "/" + (number < 10 ? "0" : "") + "\(number)%20" + percentEncoded(name) + "." + fileExtension)
        track["Replay Gain"] = .real(intlDecimalReal(&random, magnitude: 20))
        track["Sync Offset"] = .integer(PlistInteger(intlExtremeInteger(&random)))
        track["Content Token"] = .integer(PlistInteger(intlLargeUnsigned(&random)))
        track["File Folder Count"] = integer(random.pick([4, 5, -1]))

        if chance(60) { track["Album Artist"] = .string(intlTitle(&random, words: 1...3)) }
        if chance(55) { track["Track Number"] = integer(number) }
        if chance(50) { track["Track Count"] = integer(number + random.below(10)) }
        if chance(50) { track["Year"] = integer(1920 + random.below(106)) }
        if chance(45) { track["Play Count"] = integer(1 + random.below(2_000)) }
        if chance(45) { track["Play Date UTC"] = .date(date(&random)) }
        if chance(40) { track["Composer"] = .string(intlTitle(&random, words: 1...4)) }
        if chance(40) { track["Artwork Digest"] = .data(intlShortData(&random)) }
        if chance(35) { track["Disc Number"] = integer(1 + random.below(4)) }
        if chance(30) { track["Sort Name"] = .string(intlTitle(&random, words: 1...5)) }
        if chance(30) { track["Loudness"] = .real(intlDecimalReal(&random, magnitude: 60)) }
        if chance(25) { track["Rating"] = integer(20 * random.below(6)) }
        if chance(22) { track["Release Date"] = .date(date(&random)) }
        if chance(20) { track["Loved"] = true }
        if chance(18) { track["Volume Adjustment"] = integer(random.below(511) - 255) }
        if chance(15) { track["Skip Count"] = integer(1 + random.below(100)) }
        if chance(12) { track["Comments"] = .string(intlTitle(&random, words: 2...12)) }
        if chance(12) { track["Cloud Token"] = .data(intlShortData(&random)) }
        if chance(10) { track["Compilation"] = .boolean(random.below(2) == 0) }
        return track
    }

    /// The international music library: `Tracks` maps each track ID (as a string) to a track,
    /// `Playlists` holds ``intlPlaylistCount`` playlists of track references.
    static func intlLibrary(tracks trackCount: Int) -> PlistValue {
        var random = SplitMix64(seed: 0x494E_544C)
        var tracks = PlistDictionary(minimumCapacity: trackCount)
        for index in 0..<trackCount {
            let id = intlTrackID(index: index)
            tracks[String(id)] = .dictionary(intlTrack(id: id, random: &random))
        }
        var playlists: [PlistValue] = []
        for number in 0..<intlPlaylistCount {
            let itemCount = trackCount == 0 ? 0 : random.below(min(intlMaximumPlaylistItems, trackCount) + 1)
            let items: [PlistValue] = (0..<itemCount).map { _ in
                .dictionary(["Track ID": .integer(PlistInteger(Int64(intlTrackID(index: random.below(trackCount)))))])
            }
            playlists.append(.dictionary([
                "Name": .string(intlTitle(&random, words: 1...3)),
                "Playlist ID": .integer(PlistInteger(Int64(300_000 + number))),
                "Playlist Persistent ID": .string(intlPersistentID(&random)),
                "All Items": true,
                "Playlist Items": .array(items),
            ]))
        }
        var root = libraryRoot(applicationVersion: "12.13.2.3", persistentID: intlPersistentID(&random))
        root["Music Folder"] = .string(musicFolder)
        root["Tracks"] = .dictionary(tracks)
        root["Playlists"] = .array(playlists)
        return .dictionary(root)
    }
}
