import FoundationEssentials
import PlistKit

/// Loading property lists from paths for the subcommands.
enum Documents {
    /// Reads and decodes the file at `path` (`-` for stdin), detecting its format unless one
    /// is given.
    ///
    /// - Throws: ``CommandError``: exit 66 when the file cannot be read, 65 when it is not a
    ///   valid property list or holds more than `options.maximumInputBytes`.
    ///
    /// Every input goes through the library's reading, under the same byte limit: a regular
    /// file is mapped (a large XML input is never held whole beside its tree), and standard
    /// input, a pipe or a device is read to its end, refused once past the limit.
    static func load(_ path: String, format: PlistFormat? = nil, options: PlistReadingOptions = PlistReadingOptions()) throws -> PlistDocument {
        if path == "-" {
            return try decode(FileIO.read(path, maximumBytes: options.maximumInputBytes), from: path, format: format, options: options)
        }
        do {
            return try PlistDocument(contentsOfFile: path, format: format, options: options)
        } catch let error as FileOperationError {
            throw FileIO.readFailure(path, error)
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
