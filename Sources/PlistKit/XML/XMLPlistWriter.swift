import FoundationEssentials

// PLACEHOLDER: replaced by the XML writer. Remove this line with the placeholder.
enum XMLPlistWriter {
    static func write(_ value: PlistValue, options: PlistWritingOptions) throws -> Data {
        throw PlistError(.unsupportedFormat, "Writing XML is not built yet")
    }
}
