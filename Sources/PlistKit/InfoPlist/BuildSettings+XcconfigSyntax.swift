/// One statement of a settings file.
enum XcconfigStatement {
    /// A blank line, a comment, or the header `xcodebuild -showBuildSettings` prints.
    case empty
    /// `NAME[conditions] = value`.
    case assignment(name: String, conditions: [BuildSettingCondition], value: String)
    /// `#include "name"` or `#include? "name"`.
    case include(name: String, isOptional: Bool)
}

/// A line of a settings file that is none of the statements, and the column where reading it
/// stopped.
struct XcconfigSyntaxError: Error {
    let reason: String
    let column: Int
}

/// The lines of a settings file, each without its terminator (LF, CR, CR LF, U+2028, U+2029).
struct XcconfigLineScanner {
    let bytes: [UInt8]
    private var position = 0
    private var number = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is no part of the first line.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// The next line and its 1-based number, or `nil` at the end.
    mutating func nextLine() -> (number: Int, bytes: ArraySlice<UInt8>)? {
        guard position < bytes.count else { return nil }
        number += 1
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x0A {
                position += 1
                return (number, bytes[start..<(position - 1)])
            }
            if byte == 0x0D {
                let end = position
                position += position + 1 < bytes.count && bytes[position + 1] == 0x0A ? 2 : 1
                return (number, bytes[start..<end])
            }
            if byte == 0xE2, position + 2 < bytes.count, bytes[position + 1] == 0x80, bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9 {
                let end = position
                position += 3
                return (number, bytes[start..<end])
            }
            position += 1
        }
        return (number, bytes[start..<position])
    }
}

/// Reads one statement from a line, as swift-build's `MacroConfigFileParser` does, asking
/// `continuation` for the next line when a value ends in `\`.
struct XcconfigStatementParser {
    private var line: ArraySlice<UInt8>
    private var position: Int
    private let continuation: () -> ArraySlice<UInt8>?

    init(bytes: ArraySlice<UInt8>, continuation: @escaping () -> ArraySlice<UInt8>?) {
        line = bytes
        position = bytes.startIndex
        self.continuation = continuation
    }

    private var current: UInt8? { position < line.endIndex ? line[position] : nil }
    private var column: Int { position - line.startIndex + 1 }

    /// The statement on the line.
    mutating func parse() throws(XcconfigSyntaxError) -> XcconfigStatement {
        skipSpacesAndComment()
        guard let first = current else { return .empty }
        if first == UInt8(ascii: "#") { return try directive() }
        guard BuildSettingTemplate.isNameStart(first) else {
            throw error("Expected a setting name or '#include', found \(describe(first))")
        }
        if isShowBuildSettingsHeader { return .empty }
        return try assignment()
    }

    /// Whether the line is the header `xcodebuild -showBuildSettings` prints before each
    /// target's settings.
    private var isShowBuildSettingsHeader: Bool {
        let text = String(decoding: line[position...], as: UTF8.self)
        return text.hasPrefix("Build settings for ") && text.trimmingTrailingSpaces.hasSuffix(":")
    }

    private mutating func directive() throws(XcconfigSyntaxError) -> XcconfigStatement {
        position += 1
        skipSpacesAndComment()
        guard current != nil else { throw error("Expected a directive after '#'") }
        let start = position
        while let byte = current, !Self.isWhitespace(byte) { position += 1 }
        let keyword = String(decoding: line[start..<position], as: UTF8.self)
        guard keyword == "include" || keyword == "include?" else {
            throw XcconfigSyntaxError(reason: "'#\(keyword)' is not a directive settings files know (only '#include' and '#include?')", column: start - line.startIndex + 1)
        }
        skipSpacesAndComment()
        guard current == UInt8(ascii: "\"") else {
            throw error("Expected a file name in double quotes after '#\(keyword)', found \(current.map(describe) ?? "the end of the line")")
        }
        position += 1
        let nameStart = position
        while let byte = current, byte != UInt8(ascii: "\"") { position += 1 }
        guard current != nil else { throw error("The file name after '#\(keyword)' has no closing quote") }
        let name = String(decoding: line[nameStart..<position], as: UTF8.self)
        position += 1
        skipSpacesAndComment()
        if let extra = current { throw error("Unexpected \(describe(extra)) after '#\(keyword) \"\(name)\"'") }
        guard !name.isEmpty else { throw error("'#\(keyword)' names no file") }
        return .include(name: name, isOptional: keyword == "include?")
    }

    private mutating func assignment() throws(XcconfigSyntaxError) -> XcconfigStatement {
        let start = position
        position += 1
        while let byte = current, BuildSettingTemplate.isNameStart(byte) || BuildSettingTemplate.isDigit(byte) { position += 1 }
        let name = String(decoding: line[start..<position], as: UTF8.self)
        skipSpacesAndComment()
        var conditions: [BuildSettingCondition] = []
        while current == UInt8(ascii: "[") {
            position += 1
            let parameterStart = position
            while let byte = current, byte != UInt8(ascii: "="), byte != UInt8(ascii: "]") { position += 1 }
            guard current == UInt8(ascii: "=") else {
                throw error(current == nil ? "The condition of '\(name)' has no closing ']'" : "The condition of '\(name)' has no '=' (write [parameter=pattern])")
            }
            let parameter = String(decoding: line[parameterStart..<position], as: UTF8.self)
            position += 1
            let patternStart = position
            while let byte = current, byte != UInt8(ascii: "]") { position += 1 }
            guard current != nil else { throw error("The condition of '\(name)' has no closing ']'") }
            conditions.append(BuildSettingCondition(parameter: parameter, pattern: String(decoding: line[patternStart..<position], as: UTF8.self)))
            position += 1
            skipSpacesAndComment()
        }
        guard current == UInt8(ascii: "=") else {
            throw error("Expected '=' after the setting name '\(name)', found \(current.map(describe) ?? "the end of the line")")
        }
        position += 1
        var pieces: [String] = []
        while let piece = value() {
            guard piece.last == UInt8(ascii: "\\") else {
                pieces.append(String(decoding: piece, as: UTF8.self))
                break
            }
            // A `\` at the end goes on on the next line.
            let trimmed = piece.dropLast().trimmingSpaces
            if !trimmed.isEmpty { pieces.append(String(decoding: trimmed, as: UTF8.self)) }
            guard let next = continuation() else { break }
            line = next
            position = next.startIndex
        }
        return .assignment(name: name, conditions: conditions, value: pieces.joined(separator: " "))
    }

    /// The value from `position`: up to the end of the line or a `//`, without spaces at its
    /// ends or one `;` at its end; `nil` when there is none.
    private mutating func value() -> ArraySlice<UInt8>? {
        skipSpacesAndComment()
        guard current != nil else { return nil }
        let start = position
        while current != nil, !isAtComment { position += 1 }
        var value = line[start..<position].trimmingSpaces
        if value.last == UInt8(ascii: ";") { value = value.dropLast().trimmingSpaces }
        position = line.endIndex
        return value
    }

    private var isAtComment: Bool {
        current == UInt8(ascii: "/") && position + 1 < line.endIndex && line[position + 1] == UInt8(ascii: "/")
    }

    private mutating func skipSpacesAndComment() {
        while let byte = current {
            if Self.isSpace(byte) {
                position += 1
            } else if isAtComment {
                position = line.endIndex
            } else {
                break
            }
        }
    }

    /// The spaces the engine skips: space, tab, vertical tab, form feed.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "the byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private func error(_ reason: String) -> XcconfigSyntaxError {
        XcconfigSyntaxError(reason: reason, column: column)
    }
}

extension ArraySlice<UInt8> {
    /// The bytes without the engine's spaces at either end.
    fileprivate var trimmingSpaces: ArraySlice<UInt8> {
        var slice = self
        while let first = slice.first, XcconfigStatementParser.isSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, XcconfigStatementParser.isSpace(last) { slice = slice.dropLast() }
        return slice
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: Substring {
        var text = self[...]
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
