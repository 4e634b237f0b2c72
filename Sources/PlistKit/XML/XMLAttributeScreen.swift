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
/// The scan knows just enough XML to find start tags: it skips comments, CDATA sections,
/// processing instructions, end tags and the document type declaration (with its internal
/// subset, quoted strings and comments), and counts the `=` outside quotes in each start tag,
/// one per attribute. Anything malformed is left to libxml2, which reports it.
enum XMLAttributeScreen {
    /// The most attributes one element may have.
    static let maximumAttributesPerElement = 64

    private enum State {
        case text
        /// After `<`.
        case markupOpen
        /// After `<!`.
        case bang
        /// After `<!-`.
        case bangDash
        case comment
        case cdata
        case processingInstruction
        case endTag
        /// Inside a start tag, counting its attributes; `quote` is the open quote, if any.
        case startTag(quote: UInt8?)
        /// Inside `<!DOCTYPE …>` or another declaration: the internal subset's bracket depth
        /// and the open quote, if any.
        case declaration(depth: Int, quote: UInt8?)
        /// A comment inside the internal subset, returning to its declaration at `depth`.
        case declarationComment(depth: Int)
    }

    /// Throws when an element of `bytes` (UTF-8) has more than
    /// ``maximumAttributesPerElement`` attributes.
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/limitExceeded`` and the line and
    ///   column of the element's `<`.
    /// - Complexity: O(n) in the size of `bytes`.
    static func check(_ bytes: UnsafeRawBufferPointer) throws {
        var state = State.text
        var line = 1, column = 0
        var tagLine = 1, tagColumn = 1, attributes = 0
        // The last four bytes, newest in the low byte, for the terminators `-->`, `]]>`, `?>`
        // and `<!--`.
        var recent: UInt32 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 0
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            recent = recent << 8 | UInt32(byte)
            switch state {
            case .text:
                if byte == UInt8(ascii: "<") {
                    state = .markupOpen
                    tagLine = line
                    tagColumn = column
                }
            case .markupOpen:
                switch byte {
                case UInt8(ascii: "!"): state = .bang
                case UInt8(ascii: "?"): state = .processingInstruction
                case UInt8(ascii: "/"): state = .endTag
                case UInt8(ascii: ">"): state = .text
                default:
                    state = .startTag(quote: nil)
                    attributes = 0
                }
            case .bang:
                switch byte {
                case UInt8(ascii: "-"): state = .bangDash
                case UInt8(ascii: "["): state = .cdata
                default: state = .declaration(depth: 0, quote: nil)
                }
            case .bangDash:
                state = byte == UInt8(ascii: "-") ? .comment : .declaration(depth: 0, quote: nil)
            case .comment:
                if recent & 0xFF_FFFF == 0x2D2D3E { state = .text }  // "-->"
            case .cdata:
                if recent & 0xFF_FFFF == 0x5D5D3E { state = .text }  // "]]>"
            case .processingInstruction:
                if recent & 0xFFFF == 0x3F3E { state = .text }  // "?>"
            case .endTag:
                if byte == UInt8(ascii: ">") { state = .text }
            case .startTag(let quote):
                if let quote {
                    if byte == quote { state = .startTag(quote: nil) }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    state = .startTag(quote: byte)
                } else if byte == UInt8(ascii: "=") {
                    attributes += 1
                    if attributes > maximumAttributesPerElement {
                        throw PlistError(
                            .limitExceeded,
                            "An element has more than \(maximumAttributesPerElement) attributes (property-list elements have at most one, version)",
                            at: .line(tagLine, column: tagColumn))
                    }
                } else if byte == UInt8(ascii: ">") {
                    state = .text
                }
            case .declaration(let depth, let quote):
                if let quote {
                    if byte == quote { state = .declaration(depth: depth, quote: nil) }
                } else if recent == 0x3C21_2D2D {  // "<!--"
                    state = .declarationComment(depth: depth)
                } else {
                    switch byte {
                    case UInt8(ascii: "\""), UInt8(ascii: "'"): state = .declaration(depth: depth, quote: byte)
                    case UInt8(ascii: "["): state = .declaration(depth: depth + 1, quote: nil)
                    case UInt8(ascii: "]"): state = .declaration(depth: max(0, depth - 1), quote: nil)
                    case UInt8(ascii: ">") where depth == 0: state = .text
                    default: break
                    }
                }
            case .declarationComment(let depth):
                if recent & 0xFF_FFFF == 0x2D2D3E { state = .declaration(depth: depth, quote: nil) }
            }
        }
    }
}
