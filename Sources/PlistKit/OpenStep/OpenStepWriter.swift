import FoundationEssentials

// PLACEHOLDER: replaced by the OpenStep writer. Remove this line with the placeholder.
enum OpenStepWriter {
    static func write(_ value: PlistValue, options: PlistWritingOptions) throws -> Data {
        throw PlistError(.unsupportedFormat, "Writing OpenStep is not built yet")
    }
}
