import PlistKit

/// The options that raise the limits on a value's size once its shared references are
/// expanded, for every subcommand that writes or prints values: the library refuses a larger
/// tree (exit 65, the message naming the limit) before writing anything.
enum ExpansionLimits {
    /// The two options, in help order.
    static let options: [CommandSpec.Option] = [
        .init(["--max-expanded-values"], value: "n", help: "Refuse a value that expands to more than N values (default \(PlistWritingOptions().maximumValueCount))."),
        .init(["--max-expanded-bytes"], value: "n", help: "Refuse a value that expands to more than N bytes of text (default \(PlistWritingOptions().maximumExpandedByteCount))."),
    ]

    /// `options` with the limits the command line gives.
    ///
    /// - Throws: a usage ``CommandError`` for a value that is not a non-negative integer.
    static func applying(_ arguments: ParsedArguments, to options: PlistWritingOptions = PlistWritingOptions()) throws -> PlistWritingOptions {
        var options = options
        if let values = try arguments.integer("--max-expanded-values") { options.maximumValueCount = values }
        if let bytes = try arguments.integer("--max-expanded-bytes") { options.maximumExpandedByteCount = bytes }
        return options
    }
}
