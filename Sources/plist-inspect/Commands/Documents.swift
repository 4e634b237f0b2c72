import FoundationEssentials
import PlistKit

/// Loading property lists from paths for the subcommands.
enum Documents {
    /// Reads and decodes the file at `path` (`-` for stdin), detecting its format unless one
    /// is given.
    ///
    /// - Throws: ``CommandError``: exit 66 when the file cannot be read, 65 when it is not a
    ///   valid property list.
    ///
    /// A regular file is read through the library's mapping of it, which never holds a large
    /// XML input whole beside its tree; anything else (standard input, a pipe, a file that
    /// cannot be opened, for the error) is read in full here.
    static func load(_ path: String, format: PlistFormat? = nil, options: PlistReadingOptions = PlistReadingOptions()) throws -> PlistDocument {
        guard path != "-", FileIO.isReadableRegularFile(path) else {
            return try decode(FileIO.read(path), from: path, format: format, options: options)
        }
        do {
            return try PlistDocument(contentsOfFile: path, format: format, options: options)
        } catch {
            throw Failure.wrap(error, file: path)
        }
    }

    /// Decodes the bytes read from `path`, detecting their format unless one is given.
    ///
    /// - Throws: ``CommandError`` with exit 65 when they are not a valid property list.
    static func decode(_ bytes: Data, from path: String, format: PlistFormat? = nil, options: PlistReadingOptions = PlistReadingOptions()) throws -> PlistDocument {
        do {
            return try PlistDocument(decoding: bytes, format: format, options: options)
        } catch {
            throw Failure.wrap(error, file: path)
        }
    }
}
