import FoundationEssentials

/// What every encoder and container of one ``ArchiveEncoder`` call shares: the options and
/// the first misuse of the Codable API seen.
final class ArchiveEncodingState {
    let maximumDepth: Int
    let userInfo: [CodingUserInfoKey: Any]
    var misuse: EncodingError?

    init(options: ArchiveEncoder) {
        maximumDepth = options.maximumDepth
        var info: [CodingUserInfoKey: Any] = [:]
        for (key, value) in options.userInfo { info[key] = value }
        userInfo = info
    }

    /// Records the first misuse of the Codable API, reported when encoding returns.
    func recordMisuse(_ kind: EncodingMisuse, path: PlistCodingPath) {
        guard misuse == nil else { return }
        misuse = kind.error(at: path)
    }
}
