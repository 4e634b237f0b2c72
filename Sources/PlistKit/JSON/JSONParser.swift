import FoundationEssentials

/// The JSON reader's scanner, over a ``ByteCursor`` that borrows the input for one `read`
/// call (so it is non-copyable too).
struct JSONParser: ~Copyable {
    private var text: ByteCursor
    private let options: PlistReadingOptions
    private var objectCount = 0
    /// JSON nesting allowed: in tagged mode `{"$dict": …}` wrappers and tag objects add levels
    /// that are not plist levels, so the recursion bound is looser there; plist depth is
    /// checked separately against `maximumDepth`.
    private let maximumNesting: Int

    init(_ text: consuming ByteCursor, options: PlistReadingOptions) {
        self.text = text
        self.options = options
        let depth = max(0, options.maximumDepth)
        // Twice the depth plus two, saturating: a limit near Int.max must not wrap around.
        maximumNesting = options.readsTaggedJSON ? (depth >= Int.max / 2 - 1 ? Int.max : depth * 2 + 2) : depth
    }

    // MARK: Errors

    private func location(_ offset: Int) -> PlistError.Location {
        .line(TextInput.lineAndColumn(of: offset, in: text))
    }

    private func corrupt(_ reason: String, at offset: Int) -> PlistError {
        PlistError(.corruptData, reason, at: location(offset))
    }

    private func unexpected(at offset: Int, expecting: String) -> PlistError {
        guard let byte = text.byte(at: offset) else {
            return corrupt("Unexpected end of JSON input; expected \(expecting)", at: offset)
        }
        return corrupt("Unexpected \(TextInput.describeByte(byte)); expected \(expecting)", at: offset)
    }

    // MARK: Structure

    mutating func parseDocument() throws -> PlistValue {
        skipWhitespace()
        guard !text.isAtEnd else {
            throw corrupt("The JSON input is empty; expected a value", at: text.position)
        }
        let value = try parseValue(depth: 0, nesting: 0, literal: false)
        skipWhitespace()
        if let byte = text.peek() {
            throw corrupt("Unexpected \(TextInput.describeByte(byte)) after the JSON value", at: text.position)
        }
        return value
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        text.skip { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    private mutating func countObject(at offset: Int) throws {
        objectCount += 1
        if objectCount > options.maximumObjectCount {
            throw PlistError(
                .limitExceeded, "The JSON holds more than \(options.maximumObjectCount) values",
                at: location(offset))
        }
    }

    /// Parses one value. `depth` counts the plist containers around it; `literal` says an
    /// object here is the content of a `{"$dict": …}` wrapper and is not itself a tag.
    private mutating func parseValue(depth: Int, nesting: Int, literal: Bool) throws -> PlistValue {
        skipWhitespace()
        let start = text.position
        guard let byte = text.peek() else { throw unexpected(at: start, expecting: "a value") }
        try countObject(at: start)
        switch byte {
        case UInt8(ascii: "{"):
            return try parseObject(depth: depth, nesting: nesting, literal: literal)
        case UInt8(ascii: "["):
            return try parseArray(depth: depth, nesting: nesting)
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "t"):
            try expectWord(Self.trueWord)
            return .boolean(true)
        case UInt8(ascii: "f"):
            try expectWord(Self.falseWord)
            return .boolean(false)
        case UInt8(ascii: "n"):
            try expectWord(Self.nullWord)
            throw corrupt("JSON null has no property-list equivalent", at: start)
        default:
            throw unexpected(at: start, expecting: "a value")
        }
    }

    private static let trueWord = Array("true".utf8), falseWord = Array("false".utf8), nullWord = Array("null".utf8)

    private mutating func expectWord(_ word: [UInt8]) throws {
        guard text.hasBytes(word, at: text.position) else {
            throw corrupt("Invalid literal; expected '\(String(decoding: word, as: UTF8.self))'", at: text.position)
        }
        text.advance(by: word.count)
    }

    private mutating func parseArray(depth: Int, nesting: Int) throws -> PlistValue {
        guard depth < options.maximumDepth, nesting < maximumNesting else { throw tooDeep() }
        text.advance()  // [
        var elements: [PlistValue] = []
        skipWhitespace()
        if text.peek() == UInt8(ascii: "]") {
            text.advance()
            return .array(elements)
        }
        while true {
            elements.append(try parseValue(depth: depth + 1, nesting: nesting + 1, literal: false))
            if try closesContainer(UInt8(ascii: "]"), named: "array") { return .array(elements) }
        }
    }

    private mutating func parseObject(depth: Int, nesting: Int, literal: Bool) throws -> PlistValue {
        // The plist depth is checked once the object is known not to be a tag object (tags hold
        // scalars and are not containers of the plist); the recursion bound is checked now.
        guard nesting < maximumNesting else { throw tooDeep() }
        let start = text.position
        text.advance()  // {
        var dictionary = PlistDictionary()
        let tagged = options.readsTaggedJSON && !literal
        var depthChecked = false
        skipWhitespace()
        if text.peek() == UInt8(ascii: "}") {
            text.advance()
            guard depth < options.maximumDepth else { throw tooDeep() }
            return .dictionary(dictionary)
        }
        while true {
            skipWhitespace()
            guard text.peek() == UInt8(ascii: "\"") else {
                throw unexpected(at: text.position, expecting: "a string key")
            }
            let key = try parseString()
            skipWhitespace()
            guard text.peek() == UInt8(ascii: ":") else {
                throw unexpected(at: text.position, expecting: "':' after the key")
            }
            text.advance()
            if tagged && dictionary.isEmpty && key == JSONTag.dictionary {
                return try parseDictionaryWrapper(depth: depth, nesting: nesting, at: start)
            }
            if !depthChecked && (!tagged || !dictionary.isEmpty || !JSONTag.isReserved(key)) {
                guard depth < options.maximumDepth else { throw tooDeep() }
                depthChecked = true
            }
            dictionary[key] = try parseValue(depth: depth + 1, nesting: nesting + 1, literal: false)
            guard try closesContainer(UInt8(ascii: "}"), named: "object") else { continue }
            if tagged, dictionary.count == 1, let tag = try tagValue(dictionary, at: start) {
                return tag
            }
            if !depthChecked {
                guard depth < options.maximumDepth else { throw tooDeep() }
            }
            return .dictionary(dictionary)
        }
    }

    /// Reads what follows an array's element or an object's member: a comma, which must not
    /// come last (JSON has no trailing comma), or the container's closing bracket `closing`.
    /// Whether the container closed.
    private mutating func closesContainer(_ closing: UInt8, named container: String) throws -> Bool {
        skipWhitespace()
        switch text.peek() {
        case UInt8(ascii: ","):
            text.advance()
            skipWhitespace()
            if text.peek() == closing {
                throw corrupt("A trailing comma is not allowed in a JSON \(container)", at: text.position)
            }
            return false
        case closing:
            text.advance()
            return true
        default:
            throw unexpected(at: text.position, expecting: "',' or '\(Character(Unicode.Scalar(closing)))'")
        }
    }

    private func tooDeep() -> PlistError {
        PlistError(
            .limitExceeded, "The JSON is nested deeper than \(options.maximumDepth) levels", at: location(text.position))
    }

    /// Reads the rest of `{"$dict": {…}}` after its key: the object inside is a dictionary taken
    /// as it is (its keys are never a tag), at the wrapper's own plist depth; the wrapper must
    /// have no other member.
    private mutating func parseDictionaryWrapper(depth: Int, nesting: Int, at start: Int) throws -> PlistValue {
        skipWhitespace()
        guard text.peek() == UInt8(ascii: "{") else {
            throw corrupt("Malformed tagged value: $dict must hold an object", at: start)
        }
        try countObject(at: text.position)
        let content = try parseObject(depth: depth, nesting: nesting + 1, literal: true)
        skipWhitespace()
        guard text.peek() == UInt8(ascii: "}") else {
            throw corrupt("Malformed tagged value: an object whose first key is $dict must have no other key", at: start)
        }
        text.advance()
        return content
    }

    /// The value a one-member object with a reserved key stands for, or `nil` when the key
    /// is not a tag.
    private func tagValue(_ dictionary: PlistDictionary, at offset: Int) throws -> PlistValue? {
        let key = dictionary.keys[0], value = dictionary.values[0]
        func malformed(_ what: String) -> PlistError {
            corrupt("Malformed tagged value: \(key) must hold \(what)", at: offset)
        }
        switch key {
        case JSONTag.date:
            switch value {
            case .string(let text):
                if let seconds = Self.nonFinite(text) { return .date(Date(timeIntervalSinceReferenceDate: seconds)) }
                guard let seconds = CivilDate.parse(text, separator: UInt8(ascii: "T"), zone: .zulu) else {
                    throw malformed("an ISO 8601 UTC date such as \"2001-01-01T00:00:00Z\", or seconds since 2001")
                }
                return .date(Date(timeIntervalSinceReferenceDate: seconds))
            case .integer(let seconds):
                return .date(Date(timeIntervalSinceReferenceDate: seconds.doubleValue))
            case .real(let seconds):
                return .date(Date(timeIntervalSinceReferenceDate: seconds))
            default:
                throw malformed("an ISO 8601 UTC date string or a number of seconds since 2001")
            }
        case JSONTag.data:
            guard case .string(let text) = value, let data = Data(base64Encoded: text) else {
                throw malformed("a base64 string")
            }
            return .data(data)
        case JSONTag.real:
            guard case .string(let text) = value, let real = Self.nonFinite(text) else {
                throw malformed("\"nan\", \"inf\" or \"-inf\"")
            }
            return .real(real)
        case JSONTag.uid:
            guard case .integer(let number) = value, let uid = number.exactly(UInt32.self) else {
                throw malformed("an integer from 0 through 4294967295")
            }
            return .uid(uid)
        default:
            return nil
        }
    }

    private static func nonFinite(_ text: String) -> Double? {
        switch text {
        case "nan": return .nan
        case "inf", "+inf": return .infinity
        case "-inf": return -.infinity
        default: return nil
        }
    }

    // MARK: Strings

    /// Parses a string starting at the opening quote.
    private mutating func parseString() throws -> String {
        let open = text.position
        text.advance()
        let start = text.position
        // Fast path: no escapes. Scan to the closing quote, then validate UTF-8 once.
        text.skip { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 >= 0x20 }
        guard let stop = text.peek() else {
            throw corrupt("Unterminated JSON string", at: open)
        }
        if stop == UInt8(ascii: "\"") {
            let string = try makeString(from: start)
            text.advance()
            return string
        }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(text.position - start + 16)
        var segmentStart = start
        while let byte = text.peek() {
            if byte == UInt8(ascii: "\"") {
                try appendValidated(from: segmentStart, to: &buffer)
                text.advance()
                // Every piece was validated or produced from scalars, so this cannot fail.
                return String(decoding: buffer, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                try appendValidated(from: segmentStart, to: &buffer)
                try parseEscape(into: &buffer)
                segmentStart = text.position
            } else if byte < 0x20 {
                throw corrupt(
                    "Control character \(TextInput.describeByte(byte)) must be escaped in a JSON string", at: text.position)
            } else {
                text.advance()
            }
        }
        throw corrupt("Unterminated JSON string", at: open)
    }

    /// The bytes from `start` to the position as a string.
    private func makeString(from start: Int) throws -> String {
        if let string = text.validatedText(from: start) { return string }
        let bad = text.firstInvalidUTF8(from: start, to: text.position) ?? start
        throw corrupt("Invalid UTF-8 in a JSON string", at: bad)
    }

    /// Appends the bytes from `start` to the position, once they are known to be UTF-8.
    private func appendValidated(from start: Int, to buffer: inout [UInt8]) throws {
        guard start < text.position else { return }
        if let bad = text.firstInvalidUTF8(from: start, to: text.position) {
            throw corrupt("Invalid UTF-8 in a JSON string", at: bad)
        }
        text.appendBytes(from: start, to: &buffer)
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws {
        let escape = text.position
        text.advance()
        guard let c = text.peek() else { throw corrupt("Unterminated JSON string", at: escape) }
        text.advance()
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(c)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4(escape: escape)
            var scalar = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                guard text.peek() == UInt8(ascii: "\\"), text.peek(ahead: 1) == UInt8(ascii: "u") else {
                    throw corrupt("Unpaired UTF-16 surrogate \\u\(hex4(unit)) in a JSON string", at: escape)
                }
                let second = text.position
                text.advance(by: 2)
                let low = try parseHex4(escape: second)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw corrupt("Unpaired UTF-16 surrogate \\u\(hex4(unit)) in a JSON string", at: escape)
                }
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw corrupt("Unpaired UTF-16 surrogate \\u\(hex4(unit)) in a JSON string", at: escape)
            }
            UnicodeTranscoder.appendUTF8(scalar, to: &buffer)
        default:
            throw corrupt("Invalid escape '\\\(Character(Unicode.Scalar(c)))' in a JSON string", at: escape)
        }
    }

    private func hex4(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    private mutating func parseHex4(escape: Int) throws -> UInt16 {
        // The position is after "\u".
        guard text.remaining >= 4 else {
            throw corrupt("Incomplete \\u escape in a JSON string; expected four hexadecimal digits", at: escape)
        }
        var value: UInt16 = 0
        for k in 0..<4 {
            let c = text.peek(ahead: k) ?? 0
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default:
                throw corrupt("Invalid \\u escape in a JSON string; expected four hexadecimal digits", at: escape)
            }
            value = value << 4 | UInt16(digit)
        }
        text.advance(by: 4)
        return value
    }

    // MARK: Numbers

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Parses a number by RFC 8259's grammar. Integers are accumulated with overflow checks;
    /// reals take Clinger's exact fast path (at most 2⁵³ in the digits and a power of ten up to
    /// 10²²) and otherwise Swift's correctly rounded `Double(_:)` on the number's text.
    private mutating func parseNumber() throws -> PlistValue {
        let start = text.position
        var negative = false
        if text.peek() == UInt8(ascii: "-") {
            negative = true
            text.advance()
        }
        guard let first = text.peek(), isDigit(first) else {
            throw corrupt("A JSON number needs a digit after '-'", at: start)
        }
        var mantissa: UInt64 = 0
        var overflow = false
        var digitCount = 0
        if first == UInt8(ascii: "0") {
            text.advance()
            if let next = text.peek(), isDigit(next) {
                throw corrupt("A JSON number cannot have a leading zero", at: start)
            }
            digitCount = 1
        } else {
            while let digit = text.peek(), isDigit(digit) {
                accumulate(digit, &mantissa, &overflow)
                digitCount += 1
                text.advance()
            }
        }
        var isReal = false
        var fractionDigits = 0
        if text.peek() == UInt8(ascii: ".") {
            isReal = true
            text.advance()
            guard let next = text.peek(), isDigit(next) else {
                throw corrupt("A JSON number needs a digit after the decimal point", at: start)
            }
            while let digit = text.peek(), isDigit(digit) {
                accumulate(digit, &mantissa, &overflow)
                fractionDigits += 1
                text.advance()
            }
        }
        var exponent = 0
        if let e = text.peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            isReal = true
            text.advance()
            var exponentNegative = false
            if let sign = text.peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentNegative = sign == UInt8(ascii: "-")
                text.advance()
            }
            guard let next = text.peek(), isDigit(next) else {
                throw corrupt("A JSON number needs a digit in its exponent", at: start)
            }
            while let digit = text.peek(), isDigit(digit) {
                // Saturate: any exponent this large already means infinity or zero.
                if exponent < 100_000 { exponent = exponent * 10 + Int(digit - UInt8(ascii: "0")) }
                text.advance()
            }
            if exponentNegative { exponent = -exponent }
        }
        if !isReal {
            if !overflow {
                if !negative { return .integer(PlistInteger(mantissa)) }
                if mantissa <= UInt64(Int64.max) { return .integer(PlistInteger(-Int64(mantissa))) }
                if mantissa == UInt64(Int64.max) + 1 { return .integer(PlistInteger(Int64.min)) }
            }
            throw corrupt(
                "The integer \(text.text(from: start)) is outside the range a property list holds (-9223372036854775808 through 18446744073709551615)",
                at: start)
        }
        let exponent10 = exponent - fractionDigits
        if !overflow, mantissa <= 1 << 53, abs(exponent10) <= 22 {
            var value = Double(mantissa)
            value = exponent10 >= 0 ? value * Self.powersOfTen[exponent10] : value / Self.powersOfTen[-exponent10]
            return .real(negative ? -value : value)
        }
        let literal = text.text(from: start)
        guard let value = Double(literal), value.isFinite else {
            throw corrupt("The number \(literal) is too large for a 64-bit real", at: start)
        }
        return .real(value)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private func accumulate(_ byte: UInt8, _ value: inout UInt64, _ overflow: inout Bool) {
        let (times10, o1) = value.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times10.addingReportingOverflow(UInt64(byte &- UInt8(ascii: "0")))
        if o1 || o2 { overflow = true } else { value = sum }
    }
}
