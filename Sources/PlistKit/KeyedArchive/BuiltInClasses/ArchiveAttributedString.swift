import FoundationEssentials

/// NSAttributedString: a string and runs of attributes.
///
/// Foundation archives `NSString` (the text) and `NSAttributes`: one attribute dictionary
/// when a single run covers the whole string, otherwise an array of dictionaries with
/// `NSAttributeInfo` (an NSMutableData object), data holding (run length, index into that array) pairs as unsigned
/// LEB128 numbers, lengths counted in UTF-16 code units. Attribute values are kept as
/// readable trees (``KeyedArchive/genericTree(options:)``), since they may be of any class.
public struct ArchiveAttributedString: KeyedArchivable, Hashable, Sendable {
    /// One run of attributes.
    public struct Run: Hashable, Sendable {
        /// The start, in UTF-16 code units.
        public var location: Int
        /// The length, in UTF-16 code units.
        public var length: Int
        /// The attributes, as readable trees.
        public var attributes: PlistDictionary

        /// Creates a run.
        public init(location: Int, length: Int, attributes: PlistDictionary) {
            self.location = location
            self.length = length
            self.attributes = attributes
        }
    }

    /// The text.
    public var string: String
    /// The runs, in order, covering the text.
    public var runs: [Run]

    /// `NSAttributedString` and `NSMutableAttributedString`.
    public static var archiveClassNames: [String] { ["NSAttributedString", "NSMutableAttributedString"] }

    /// Creates an attributed string; with no runs given, one run without attributes covers it.
    public init(string: String, runs: [Run]? = nil) {
        self.string = string
        self.runs = runs ?? [Run(location: 0, length: string.utf16.count, attributes: [:])]
    }

    /// Reads `NSString`, `NSAttributes` and `NSAttributeInfo`.
    ///
    /// - Throws: ``KeyedArchiveError/Code/typeMismatch`` when the runs do not fit the string or
    ///   refer to attribute dictionaries that are not there; the allow-list's errors for
    ///   attribute values.
    public init(from unarchiver: KeyedUnarchiver) throws {
        let string = try unarchiver.decodeString(forKey: "NSString")
        let length = string.utf16.count
        guard let attributes = try unarchiver.decodeGenericValue(forKey: "NSAttributes") else {
            self.init(string: string)
            return
        }
        if unarchiver.containsValue(forKey: "NSAttributeInfo") {
            let info = try unarchiver.decodeData(forKey: "NSAttributeInfo")
            guard case .array(let table) = attributes else {
                throw unarchiver.mismatch("An NSAttributedString with 'NSAttributeInfo' has attributes that are not an array")
            }
            guard let runs = Self.decodeRuns(info, attributeCount: table.count, stringLength: length) else {
                throw unarchiver.mismatch("The 'NSAttributeInfo' of an NSAttributedString does not describe runs over its \(length) UTF-16 units and \(table.count) attribute dictionaries")
            }
            self.init(string: string, runs: runs.map {
                Run(location: $0.location, length: $0.length, attributes: table[$0.attributeIndex].dictionary ?? [:])
            })
        } else {
            self.init(string: string, runs: [Run(location: 0, length: length, attributes: attributes.dictionary ?? [:])])
        }
    }

    /// Writes the string and its runs in the general form: an array of attribute dictionaries
    /// and `NSAttributeInfo`, even for a single run.
    ///
    /// Apple writes a single run as one dictionary without `NSAttributeInfo`, but Foundation on
    /// Linux cannot read that form back (it requires `NSAttributeInfo`), while every reader
    /// accepts the general form; PlistKit reads both.
    ///
    /// - Throws: ``KeyedArchiveError/Code/invalidValue`` when the runs do not cover the string
    ///   in order.
    public func encode(to archiver: KeyedArchiver) throws {
        try archiver.encode(string, forKey: "NSString")
        var expected = 0
        for run in runs {
            guard run.location == expected, run.length > 0 || runs.count == 1 else {
                throw KeyedArchiveError(.invalidValue, "The runs of an attributed string do not cover it in order", keyPath: archiver.codingPath)
            }
            expected += run.length
        }
        guard expected == string.utf16.count else {
            throw KeyedArchiveError(.invalidValue, "The runs of an attributed string cover \(expected) UTF-16 units of \(string.utf16.count)", keyPath: archiver.codingPath)
        }
        var table: [PlistDictionary] = []
        var indexByAttributes: [PlistDictionary: Int] = [:]
        var info: [UInt8] = []
        for run in runs {
            let index: Int
            if let existing = indexByAttributes[run.attributes] {
                index = existing
            } else {
                index = table.count
                table.append(run.attributes)
                indexByAttributes[run.attributes] = index
            }
            Self.appendLEB128(UInt64(run.length), to: &info)
            Self.appendLEB128(UInt64(index), to: &info)
        }
        try archiver.encode(PlistValue.array(table.map(PlistValue.dictionary)), forKey: "NSAttributes")
        try archiver.encode(ArchiveMutableData(bytes: Data(info)), forKey: "NSAttributeInfo")
    }

    static func appendLEB128(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        repeat {
            var byte = UInt8(rest & 0x7F)
            rest >>= 7
            if rest != 0 { byte |= 0x80 }
            bytes.append(byte)
        } while rest != 0
    }

    /// The runs of `NSAttributeInfo`, or `nil` when the bytes are malformed, an index is out of
    /// range, or the runs do not add up to the string's length.
    static func decodeRuns(_ info: Data, attributeCount: Int, stringLength: Int) -> [(location: Int, length: Int, attributeIndex: Int)]? {
        var runs: [(location: Int, length: Int, attributeIndex: Int)] = []
        var position = info.startIndex
        func next() -> Int? {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while position < info.endIndex {
                let byte = info[position]
                position += 1
                guard shift < 63 else { return nil }
                result |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return Int(exactly: result) }
                shift += 7
            }
            return nil
        }
        var location = 0
        while position < info.endIndex {
            guard let length = next(), let index = next(), index < attributeCount else { return nil }
            let (end, overflow) = location.addingReportingOverflow(length)
            guard !overflow, end <= stringLength else { return nil }
            runs.append((location, length, index))
            location = end
        }
        return location == stringLength ? runs : nil
    }
}
