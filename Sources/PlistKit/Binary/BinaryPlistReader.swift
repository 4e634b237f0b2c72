import FoundationEssentials

// PLACEHOLDER: replaced by the binary reader. Remove this line with the placeholder.
enum BinaryPlistReader {
    static func read(_ bytes: Data, options: PlistReadingOptions, losses: inout LossReporter) throws -> PlistValue {
        throw PlistError(.unsupportedFormat, "Reading binary is not built yet")
    }
}
