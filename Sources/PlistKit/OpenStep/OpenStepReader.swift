import FoundationEssentials

// PLACEHOLDER: replaced by the OpenStep reader. Remove this line with the placeholder.
enum OpenStepReader {
    static func read(_ bytes: Data, options: PlistReadingOptions, losses: inout LossReporter) throws -> PlistValue {
        throw PlistError(.unsupportedFormat, "Reading OpenStep is not built yet")
    }
}
