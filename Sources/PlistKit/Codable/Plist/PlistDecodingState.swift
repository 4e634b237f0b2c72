import FoundationEssentials

/// The options every decoder and container of one `decode` call shares.
final class PlistDecodingState {
    let dateStrategy: PlistDecoder.DateDecodingStrategy
    let dataStrategy: PlistDecoder.DataDecodingStrategy
    let keyStrategy: PlistDecoder.KeyDecodingStrategy
    let realToInteger: PlistDecoder.RealToIntegerStrategy
    let maximumDepth: Int
    let maximumValueCount: Int
    /// See ``PlistCoderFastPaths/codersHandleStringKeyedDictionaries``.
    let decodesStringKeyedDictionariesDirectly: Bool
    let userInfo: [CodingUserInfoKey: Any]
    /// The values read so far. A file may share one object among many references (a binary
    /// plist of 64 arrays each holding the next twice is 2^64 values when expanded), and a
    /// Decodable type visits every reference, so the visits are bounded by
    /// ``PlistReadingOptions/maximumObjectCount``.
    var valueCount = 0
    /// The last type found not to be a `[String: Value]` (see
    /// ``stringKeyedDictionaryType(_:)``).
    var lastTypeNotKeyedByString: ObjectIdentifier?

    init(options: PlistDecoder) {
        dateStrategy = options.dateDecodingStrategy
        dataStrategy = options.dataDecodingStrategy
        keyStrategy = options.keyDecodingStrategy
        realToInteger = options.realToIntegerStrategy
        maximumDepth = options.readingOptions.maximumDepth
        maximumValueCount = options.readingOptions.maximumObjectCount
        decodesStringKeyedDictionariesDirectly = options.fastPaths.codersHandleStringKeyedDictionaries
        var info: [CodingUserInfoKey: Any] = [:]
        for (key, value) in options.userInfo { info[key] = value }
        userInfo = info
    }
}
