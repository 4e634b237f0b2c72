import FoundationEssentials

/// Refuses an element with more attributes than any property list needs, before libxml2
/// parses the document.
///
/// libxml2 checks each attribute of an element against the ones before it (duplicates, and
/// for `xmlns:` declarations the namespaces in scope), so its time grows with the square of
/// one element's attribute count: 80,000 attributes, under a megabyte, take 20 seconds.
/// Property-list elements carry at most `version`, so a limit far above that costs no real
/// document anything, and this scan runs in time linear in the input.
///
/// The scan knows just enough XML to find start tags: it jumps from `<` to `<`, skips
/// comments, CDATA sections, processing instructions, end tags and the document type
/// declaration (with its internal subset, quoted strings and comments), and counts the `=`
/// outside quotes in each start tag, one per attribute. Anything malformed is left to
/// libxml2, which reports it.
///
/// That scan stops at every `<`, about 6% of the instructions of reading a large plist
/// (callgrind, `XML decode: library`), so it runs only when a cheaper look finds a run of
/// more than the limit of `=` signs with no `<` between them: an element over the limit
/// makes one, and nearly no other document does (see ``mayExceedLimit(_:)``).
enum XMLAttributeScreen {
    /// The most attributes one element may have.
    static let maximumAttributesPerElement = 64

    private static let commentOpen = Array("!--".utf8), commentClose = Array("-->".utf8)
    private static let cdataOpen = Array("![CDATA[".utf8), cdataClose = Array("]]>".utf8)
    private static let instructionClose = Array("?>".utf8)

    /// Throws when an element of `bytes` (UTF-8) has more than
    /// ``maximumAttributesPerElement`` attributes.
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/limitExceeded`` and the line and
    ///   column of the element's `<`.
    /// - Complexity: O(n) in the size of `bytes`.
    static func check(_ bytes: Data) throws {
        guard mayExceedLimit(bytes) else { return }
        try ByteCursor.withBytes(of: bytes) { try check(consuming: $0) }
    }

    private static func check(consuming input: consuming ByteCursor) throws {
        var cursor = input
        while cursor.skip(to: UInt8(ascii: "<")) {
            let tagStart = cursor.position
            cursor.advance()
            switch cursor.peek() {
            case UInt8(ascii: "!"):
                if cursor.hasBytes(commentOpen, at: cursor.position) {
                    skip(&cursor, past: commentClose)
                } else if cursor.hasBytes(cdataOpen, at: cursor.position) {
                    skip(&cursor, past: cdataClose)
                } else {
                    skipDeclaration(&cursor)
                }
            case UInt8(ascii: "?"):
                skip(&cursor, past: instructionClose)
            case UInt8(ascii: "/"), nil:
                // An end tag holds a name and no `<`: the next search passes over it.
                continue
            default:
                if countAttributes(&cursor) > maximumAttributesPerElement {
                    let (line, column) = TextInput.lineAndColumn(of: tagStart, in: cursor)
                    throw PlistError(
                        .limitExceeded,
                        "An element has more than \(maximumAttributesPerElement) attributes (property-list elements have at most one, version)",
                        at: .line(line, column: column))
                }
            }
        }
    }

    /// Whether more than ``maximumAttributesPerElement`` `=` signs follow one another in
    /// `bytes` with no `<` between them.
    ///
    /// An element over the limit makes such a run: each of its attributes has an `=`, and
    /// from its first attribute to its last there is no `<` libxml2 reads past (one in an
    /// attribute value is an error that stops the parse). Without such a run no element is
    /// over the limit; `=` outside tags is rare (base64 padding, the odd URL), so this looks
    /// at a few bytes where the exact scan would stop at every tag.
    ///
    /// - Complexity: O(n): the `=` signs and the `<` after each are found by `memchr`, and
    ///   each search for `<` starts past where the one before it ended.
    static func mayExceedLimit(_ bytes: Data) -> Bool {
        ByteCursor.withBytes(of: bytes) { input in
            var signs = input
            return ByteCursor.withBytes(of: bytes) { input in
                var angles = input
                return mayExceedLimit(signs: &signs, angles: &angles)
            }
        }
    }

    /// ``mayExceedLimit(_:)`` with two cursors over the bytes: one for the `=` signs, one for
    /// the first `<` after each.
    private static func mayExceedLimit(signs: inout ByteCursor, angles: inout ByteCursor) -> Bool {
        var run = 0
        while signs.skip(to: UInt8(ascii: "=")) {
            if angles.position <= signs.position {
                // A `<` lies between this sign and the one before (or this is the first).
                run = 0
                angles.advance(by: signs.position + 1 - angles.position)
                _ = angles.skip(to: UInt8(ascii: "<"))
            }
            run += 1
            if run > maximumAttributesPerElement { return true }
            signs.advance()
        }
        return false
    }

    /// Counts the attributes of the start tag the cursor is in, leaving it after the tag's
    /// `>` (or at the `<` or end that cuts the tag short). Stops counting past the limit.
    private static func countAttributes(_ cursor: inout ByteCursor) -> Int {
        var attributes = 0
        while let byte = cursor.peek() {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                cursor.advance()
                guard cursor.skip(to: byte) else { return attributes }
            case UInt8(ascii: "="):
                attributes += 1
                if attributes > maximumAttributesPerElement { return attributes }
            case UInt8(ascii: ">"):
                cursor.advance()
                return attributes
            case UInt8(ascii: "<"):
                return attributes
            default:
                break
            }
            cursor.advance()
        }
        return attributes
    }

    /// Moves the cursor past the next `terminator`, or to the end.
    private static func skip(_ cursor: inout ByteCursor, past terminator: [UInt8]) {
        while cursor.skip(to: terminator[0]) {
            if cursor.hasBytes(terminator, at: cursor.position) {
                cursor.advance(by: terminator.count)
                return
            }
            cursor.advance()
        }
    }

    /// Moves the cursor past a declaration (`<!DOCTYPE …>`), whose internal subset in
    /// brackets may hold quoted strings, comments and `>`.
    private static func skipDeclaration(_ cursor: inout ByteCursor) {
        var depth = 0
        while let byte = cursor.peek() {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                cursor.advance()
                guard cursor.skip(to: byte) else { return }
            case UInt8(ascii: "<") where cursor.hasBytes(commentOpen, at: cursor.position + 1):
                skip(&cursor, past: commentClose)
                continue
            case UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "]"):
                depth = max(0, depth - 1)
            case UInt8(ascii: ">") where depth == 0:
                cursor.advance()
                return
            default:
                break
            }
            cursor.advance()
        }
    }
}
