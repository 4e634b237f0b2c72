import FoundationEssentials

/// The options every decoder and container of one `decode` call shares.
final class PlistDecodingState {
    let dateStrategy: PlistDecoder.DateDecodingStrategy
    let dataStrategy: PlistDecoder.DataDecodingStrategy
    let keyStrategy: PlistDecoder.KeyDecodingStrategy
    let realToInteger: PlistDecoder.RealToIntegerStrategy
    let maximumDepth: Int
    let userInfo: [CodingUserInfoKey: Any]

    init(options: PlistDecoder) {
        dateStrategy = options.dateDecodingStrategy
        dataStrategy = options.dataDecodingStrategy
        keyStrategy = options.keyDecodingStrategy
        realToInteger = options.realToIntegerStrategy
        maximumDepth = options.readingOptions.maximumDepth
        var info: [CodingUserInfoKey: Any] = [:]
        for (key, value) in options.userInfo { info[key] = value }
        userInfo = info
    }
}
