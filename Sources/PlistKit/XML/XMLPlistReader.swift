import FoundationEssentials

// PLACEHOLDER: replaced by the XML reader. Remove this line with the placeholder.
enum XMLPlistReader {
    static func read(_ bytes: Data, options: PlistReadingOptions, losses: inout LossReporter) throws -> PlistValue {
        throw PlistError(.unsupportedFormat, "Reading XML is not built yet")
    }
}
