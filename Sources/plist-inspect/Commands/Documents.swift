import PlistKit

/// Loading property lists from paths for the subcommands.
enum Documents {
    /// Reads and decodes the file at `path` (`-` for stdin), detecting its format unless one
    /// is given.
    ///
    /// - Throws: ``CommandError``: exit 66 when the file cannot be read, 65 when it is not a
    ///   valid property list.
    static func load(_ path: String, format: PlistFormat? = nil, options: PlistReadingOptions = PlistReadingOptions()) throws -> PlistDocument {
        let bytes = try FileIO.read(path)
        do {
            return try PlistDocument(decoding: bytes, format: format, options: options)
        } catch {
            throw Failure.wrap(error, file: path)
        }
    }
}
