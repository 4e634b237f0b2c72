import FoundationEssentials

extension BuildSettings {
    /// The bounds on settings files: what one file, one line, and all the files an
    /// `#include` chain reads may hold, so that no settings file can make the reader allocate
    /// without bound or loop.
    public struct FileLimits: Hashable, Sendable {
        /// The largest settings file, in bytes. Default: 16 MiB (real `.xcconfig` files hold
        /// kilobytes).
        public var maximumFileBytes: Int
        /// The longest line, in bytes. Default: 1 MiB, the longest string an expansion may give
        /// (``BuildSettingExpander/maximumLength``).
        public var maximumLineBytes: Int
        /// How deep `#include`s may nest. Default: 32.
        public var maximumIncludeDepth: Int
        /// The most files one settings file may read, itself and its includes together.
        /// Default: 1,024.
        public var maximumFileCount: Int
        /// The most bytes one settings file and its includes may hold together. Default: 64 MiB.
        public var maximumTotalBytes: Int

        /// Creates limits; every parameter has the default described on its property.
        public init(
            maximumFileBytes: Int = 16 << 20, maximumLineBytes: Int = 1 << 20, maximumIncludeDepth: Int = 32,
            maximumFileCount: Int = 1024, maximumTotalBytes: Int = 64 << 20
        ) {
            self.maximumFileBytes = maximumFileBytes
            self.maximumLineBytes = maximumLineBytes
            self.maximumIncludeDepth = maximumIncludeDepth
            self.maximumFileCount = maximumFileCount
            self.maximumTotalBytes = maximumTotalBytes
        }
    }

    /// Settings from the text of a settings file that includes no other (an `#include` fails:
    /// there is no file to resolve it against; use ``init(parsing:path:limits:)``).
    ///
    /// - Throws: as ``init(parsing:path:limits:)``.
    public init(parsing text: String, limits: FileLimits = FileLimits()) throws(InfoPlistError) {
        self.init()
        var reader = XcconfigReader(limits: limits, resolvesIncludes: false)
        try reader.read(Array(text.utf8), path: nil, into: &self)
    }

    /// Settings from the text of the settings file at `path`, read as Xcode reads an
    /// `.xcconfig` file; `#include`s are read from the file system, relative to `path`'s
    /// directory.
    ///
    /// The rules are swift-build's (`MacroConfigFileParser`):
    /// - Lines end at LF, CR, CR LF, U+2028 or U+2029. `//` starts a comment anywhere, even
    ///   inside a value (`URL = https://x` assigns `https:`, as in Xcode).
    /// - `NAME = value`: the value is trimmed, and one `;` at its end dropped. A value ending
    ///   in `\` goes on on the next line (the pieces joined by a space) until a line with no
    ///   value.
    /// - `NAME[sdk=iphoneos*][arch=arm64] = value`: a conditional assignment, which counts
    ///   when ``BuildSettingExpander/conditionValues`` match (see ``BuildSettingCondition``).
    /// - `#include "file"` reads another settings file in place, relative to the including
    ///   file's directory; `#include? "file"` does too, and is skipped when the file does not
    ///   exist. An include of a file that is already being read (a cycle) fails, naming the
    ///   chain.
    /// - The header line `xcodebuild -showBuildSettings` prints before its settings ("Build
    ///   settings for action build and target App:") is skipped, so its output reads as
    ///   settings too; so is a UTF-8 byte order mark.
    ///
    /// - Throws: ``InfoPlistError`` with ``InfoPlistError/Code/invalidSetting`` naming the
    ///   file and line of any other line, an include that cannot be read or closes a cycle,
    ///   and a file, line or include chain beyond `limits`.
    public init(parsing text: String, path: String, limits: FileLimits = FileLimits()) throws(InfoPlistError) {
        self.init()
        var reader = XcconfigReader(limits: limits, resolvesIncludes: true)
        try reader.read(Array(text.utf8), path: path, into: &self)
    }

    /// Settings from the settings file at `path` (see ``init(parsing:path:limits:)``).
    ///
    /// - Throws: ``InfoPlistError`` with ``InfoPlistError/Code/invalidSetting`` when the
    ///   file cannot be read or is larger than `limits` allow, and as
    ///   ``init(parsing:path:limits:)``.
    public init(contentsOfFile path: String, limits: FileLimits = FileLimits()) throws(InfoPlistError) {
        self.init()
        var reader = XcconfigReader(limits: limits, resolvesIncludes: true)
        let bytes = try reader.load(path, reason: "The settings file")
        try reader.read(bytes, path: path, into: &self)
    }
}

/// Reads settings files as swift-build's `MacroConfigFileParser` does, following includes.
struct XcconfigReader {
    let limits: BuildSettings.FileLimits
    let resolvesIncludes: Bool
    /// The files being read, outermost first, with the line of each one's `#include` being read.
    private var stack: [(path: String, line: Int)] = []
    private var fileCount = 0
    private var totalBytes = 0

    init(limits: BuildSettings.FileLimits, resolvesIncludes: Bool) {
        self.limits = limits
        self.resolvesIncludes = resolvesIncludes
    }

    /// The bytes of the file at `path`, within the limits.
    mutating func load(_ path: String, reason: String) throws(InfoPlistError) -> [UInt8] {
        let file: MappedFile
        do {
            file = try MappedFile(path: path, maximumBytes: limits.maximumFileBytes)
        } catch where FileReader.isOverLimit(error) {
            throw InfoPlistError(.invalidSetting, "\(reason) '\(path)' is larger than the limit of \(limits.maximumFileBytes) bytes (BuildSettings.FileLimits.maximumFileBytes)")
        } catch {
            throw InfoPlistError(.invalidSetting, "\(reason) '\(path)' cannot be read (\(error.systemMessage))")
        }
        return [UInt8](file.data)
    }

    /// Reads the settings file `bytes` (at `path`, if it is a file) into `settings`.
    mutating func read(_ bytes: [UInt8], path: String?, into settings: inout BuildSettings) throws(InfoPlistError) {
        fileCount += 1
        totalBytes += bytes.count
        guard fileCount <= limits.maximumFileCount else {
            throw failure("The settings files include more than \(limits.maximumFileCount) files (BuildSettings.FileLimits.maximumFileCount)", line: nil)
        }
        guard totalBytes <= limits.maximumTotalBytes else {
            throw failure("The settings files and their includes hold more than \(limits.maximumTotalBytes) bytes (BuildSettings.FileLimits.maximumTotalBytes)", line: nil)
        }
        stack.append((path ?? "", 0))
        defer { stack.removeLast() }
        // Every line is measured before any is read, continuation lines included.
        var measure = XcconfigLineScanner(bytes: bytes)
        while let line = measure.nextLine() {
            guard line.bytes.count > limits.maximumLineBytes else { continue }
            throw failure("The line is \(line.bytes.count) bytes long, more than the limit of \(limits.maximumLineBytes) (BuildSettings.FileLimits.maximumLineBytes)", line: line.number)
        }
        var scanner = XcconfigLineScanner(bytes: bytes)
        while let line = scanner.nextLine() {
            stack[stack.count - 1].line = line.number
            var statement = XcconfigStatementParser(bytes: line.bytes, continuation: { scanner.nextLine()?.bytes })
            let parsed: XcconfigStatement
            do {
                parsed = try statement.parse()
            } catch {
                throw failure(error.reason, line: line.number, column: error.column)
            }
            switch parsed {
            case .empty:
                break
            case .assignment(let name, let conditions, let value):
                settings.assign(value, to: name, conditions: conditions)
            case .include(let name, let isOptional):
                try include(name, isOptional: isOptional, line: line.number, into: &settings)
            }
        }
    }

    private mutating func include(_ name: String, isOptional: Bool, line: Int, into settings: inout BuildSettings) throws(InfoPlistError) {
        guard resolvesIncludes, let including = stack.last?.path else {
            throw failure("'#include \"\(name)\"' names a file, but the settings have no file to resolve it against", line: line)
        }
        let resolved = Self.resolve(name, relativeTo: including)
        if let start = stack.firstIndex(where: { Self.resolve($0.path, relativeTo: "") == resolved }) {
            let chain = (stack[start...].map(\.path) + [resolved]).map { "'\($0)'" }.joined(separator: " → ")
            throw failure("'#include \"\(name)\"' includes a file that is already being read, a cycle: \(chain)", line: line)
        }
        guard stack.count < limits.maximumIncludeDepth else {
            throw failure("Includes nest more than \(limits.maximumIncludeDepth) files deep (BuildSettings.FileLimits.maximumIncludeDepth)", line: line)
        }
        if isOptional, !FileManager.default.fileExists(atPath: resolved) { return }
        let bytes: [UInt8]
        do {
            bytes = try load(resolved, reason: "The included file")
        } catch {
            throw failure(error.reason, line: line)
        }
        try read(bytes, path: resolved, into: &settings)
    }

    /// `name` resolved against the directory of the file `including` (as written: relative to
    /// the working directory when it is), lexically normalized so that a cycle is recognized
    /// however its paths are spelled.
    static func resolve(_ name: String, relativeTo including: String) -> String {
        var path = BuildSettingPath(name)
        if !path.isAbsolute {
            path = BuildSettingPath(including).removingLastComponent.joining(path)
        }
        let text = path.lexicallyNormalized.text
        return text.isEmpty ? "." : text
    }

    /// An error at `line` of the file being read, naming the file when it is an included one.
    private func failure(_ reason: String, line: Int?, column: Int = 1) -> InfoPlistError {
        var reason = reason
        if stack.count > 1, let path = stack.last?.path {
            reason += " in the included file '\(path)' (included at line \(stack[stack.count - 2].line)"
                + (stack.count > 2 ? " of '\(stack[stack.count - 2].path)')" : ")")
        }
        return InfoPlistError(.invalidSetting, reason, at: line.map { .line($0, column: column) })
    }
}
