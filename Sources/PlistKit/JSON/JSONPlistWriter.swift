import FoundationEssentials

// PLACEHOLDER: replaced by the JSON writer. Remove this line with the placeholder.
enum JSONPlistWriter {
    static func write(_ value: PlistValue, options: PlistWritingOptions) throws -> Data {
        throw PlistError(.unsupportedFormat, "Writing JSON is not built yet")
    }
}
