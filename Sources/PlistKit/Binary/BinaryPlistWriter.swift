import FoundationEssentials

// PLACEHOLDER: replaced by the binary writer. Remove this line with the placeholder.
enum BinaryPlistWriter {
    static func write(_ value: PlistValue, options: PlistWritingOptions) throws -> Data {
        throw PlistError(.unsupportedFormat, "Writing binary is not built yet")
    }
}
