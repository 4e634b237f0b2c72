import FoundationEssentials

/// Reads the NeXTSTEP/OpenStep text format, `.strings` files and GNUstep's typed values into a
/// ``PlistValue``.
///
/// What is read, following CoreFoundation's old-style parser (`CFOldStylePList.c`):
/// - `{ key = value; … }` dictionaries (a `key;` entry means `key = key;`), `( a, b, )` arrays
///   (a trailing comma is allowed), `<0a1b 2c>` data (white space between bytes), and strings,
///   quoted with `"` or `'` or unquoted from `[A-Za-z0-9_$/:.-]`.
/// - Escapes in quoted strings: `\a \b \f \n \r \t \v`, `\U` with one to four hex digits (UTF-16
///   units; surrogate pairs are joined), one to three octal digits (values from `\200` map
///   through the NeXTSTEP character set), and a backslash before any other character stands for
///   that character.
/// - `//` and `/* */` comments and white space (including U+2028/U+2029, VT and FF) between
///   tokens; Xcode's `// !$*UTF8*$!` header is such a comment.
/// - A top level of `key = value;` entries without braces (a `.strings` file); input with only
///   white space and comments reads as an empty dictionary.
/// - GNUstep's `<*I123>`, `<*R1.5>`, `<*BY>`/`<*BN>` and `<*D2001-01-01 00:00:00 +0000>`.
/// - UTF-8 (with or without BOM), and UTF-16/UTF-32 with a BOM or recognisable by zero bytes.
///
/// Refused, where CoreFoundation guesses: an unterminated `/*` comment, `\U` without hex digits,
/// unpaired surrogates, the octal escapes `\376`, `\377`, `\776` and `\777` (they name no
/// NeXTSTEP character; CoreFoundation makes them U+0000), and invalid UTF-8 anywhere. As in
/// CoreFoundation, a three-digit octal escape keeps its low eight bits (`\477` is `?`). Errors
/// give line and column.
enum OpenStepReader {
    static func read(_ bytes: Data, options: PlistReadingOptions, losses: inout LossReporter) throws -> PlistValue {
        try PlistError.readingText(bytes, formatName: "OpenStep") { cursor in
            var parser = OpenStepParser(cursor, options: options)
            return try parser.parseDocument()
        }
    }
}
