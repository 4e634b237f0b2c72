import FoundationEssentials
import PlistKit

/// What every harness checks on one input: reading gives a value or a ``PlistError`` (never a
/// crash, never another error type), and a value that was read writes back in the same format
/// and reads back equal, up to the losses the format documents.
enum FuzzSupport {
    /// Limits for fuzz inputs: tight enough that a hostile input cannot make one execution
    /// slow, loose enough that every feature is reachable.
    static let readingOptions = PlistReadingOptions(
        maximumDepth: 128, maximumObjectCount: 200_000, maximumInputBytes: 1 << 20)

    /// The writing options that keep the most of a value read from `format`.
    static func writingOptions(for format: PlistFormat) -> PlistWritingOptions {
        switch format {
        case .openStep:
            // GNUstep typed values carry the numbers, booleans and dates the GNUstep
            // extensions (`<*I12>`) read.
            return PlistWritingOptions(writesGNUstepTypedValues: true)
        default:
            return PlistWritingOptions()
        }
    }

    /// Reads `data` as `format` (or the detected format when `format` is `nil`) and checks the
    /// round trip.
    static func checkRoundTrip(_ data: Data, format: PlistFormat?) {
        let document: PlistDocument
        do {
            document = try PlistDocument(decoding: data, format: format, options: readingOptions)
        } catch {
            expectPlistError(error, "reading the input")
            return
        }
        checkRoundTrip(document.value, format: document.format)
    }

    /// Writes `value` in `format`, reads it back and traps unless the result equals `value`
    /// (after the format's documented losses), and unless writing that result again gives the
    /// same bytes (the writer is deterministic and idempotent on its own output).
    static func checkRoundTrip(_ value: PlistValue, format: PlistFormat) {
        // A binary file with shared references can expand to 2^60 values; writing such a value
        // in any format expands it (a known gap, Docs/Security.md, tested by
        // ReferenceBombTests). The fuzzer would rediscover it as a timeout on every run, so
        // large expansions are skipped here and the check stays on everything else.
        guard isExpansionSmall(value, budget: expansionBudget) else { return }
        let options = writingOptions(for: format)
        let written: Data
        do {
            written = try value.encoded(as: format, options: options)
        } catch let error as PlistError where error.code == .unrepresentableValue {
            // A value the reader accepts but the same format cannot write (for example a JSON
            // number that overflows to infinity, which strict JSON cannot hold) is a
            // documented refusal, not a crash.
            _ = error.description
            return
        } catch {
            fail("Writing a value read as \(format) failed: \(error)", value: value)
        }
        let reread: PlistValue
        do {
            reread = try PlistValue(decoding: written, format: format, options: readingOptions)
        } catch {
            fail("PlistKit cannot read its own \(format) output: \(error)\n--- output ---\n\(preview(written))", value: value)
        }
        let expected = afterDocumentedLosses(value, format: format)
        guard reread == expected else {
            fail("The \(format) round trip changed the value.\n--- read back ---\n\(reread)\n--- output ---\n\(preview(written))", value: value)
        }
        // After one pass the value has lost all it can lose: writing it, reading that and
        // writing again must give the same bytes (the writer is deterministic, and its output
        // reads back to exactly what it wrote).
        guard let again = try? reread.encoded(as: format, options: options),
              let rereadAgain = try? PlistValue(decoding: again, format: format, options: readingOptions),
              rereadAgain == reread,
              let third = try? rereadAgain.encoded(as: format, options: options), third == again
        else {
            fail("Writing the value read back from \(format) is not stable.\n--- first output ---\n\(preview(written))", value: value)
        }
    }

    /// The most values (counted with every shared reference expanded) a round-trip check
    /// writes.
    static let expansionBudget = 100_000

    /// Whether `value`, expanded, has at most `budget` values; stops counting at the budget,
    /// so a bomb costs O(budget).
    static func isExpansionSmall(_ value: PlistValue, budget: Int) -> Bool {
        var remaining = budget
        func visit(_ value: PlistValue) -> Bool {
            remaining -= 1
            if remaining < 0 { return false }
            switch value {
            case .array(let elements):
                for element in elements where !visit(element) { return false }
            case .dictionary(let dictionary):
                for element in dictionary.values where !visit(element) { return false }
            default:
                break
            }
            return true
        }
        return visit(value)
    }

    /// `value` as it reads back after a write in `format`: XML and OpenStep keep whole seconds
    /// of dates (Docs/Formats.md); strict JSON writes an integral real without its `.0`, as
    /// plutil does, so it reads back as an integer (`-0.0` as `0`); in XML a dictionary whose
    /// only key is `CF$UID` with an integer in `0...UInt32.max` is written exactly as a UID and
    /// read back as one (Docs/XML.md, as CoreFoundation); every other value is kept.
    static func afterDocumentedLosses(_ value: PlistValue, format: PlistFormat) -> PlistValue {
        switch value {
        case .real(let real) where format == .json && real.isFinite && real.description.hasSuffix(".0"):
            if let integer = Int64(exactly: real) { return .integer(PlistInteger(integer)) }
            if let integer = UInt64(exactly: real) { return .integer(PlistInteger(integer)) }
            return value
        case .date(let date) where format == .xml || format == .openStep:
            let seconds = date.timeIntervalSinceReferenceDate
            guard seconds.isFinite else { return value }
            return .date(Date(timeIntervalSinceReferenceDate: seconds.rounded(.down)))
        case .array(let elements):
            return .array(elements.map { afterDocumentedLosses($0, format: format) })
        case .dictionary(let dictionary) where format == .xml && dictionary.count == 1
            && dictionary.keys[0] == "CF$UID" && dictionary.values[0].integer.flatMap({ $0.exactly(UInt32.self) }) != nil:
            return .uid(dictionary.values[0].integer!.exactly(UInt32.self)!)
        case .dictionary(let dictionary):
            var result = PlistDictionary(minimumCapacity: dictionary.count)
            for (key, element) in dictionary { result[key] = afterDocumentedLosses(element, format: format) }
            return .dictionary(result)
        default:
            return value
        }
    }

    /// `data` read as a document in whatever format it is in, or `nil` after checking that the
    /// refusal is a ``PlistError`` (see ``expectPlistError(_:_:)``), named by `context`.
    static func document(_ data: Data, _ context: String) -> PlistDocument? {
        do {
            return try PlistDocument(decoding: data, format: nil, options: readingOptions)
        } catch {
            expectPlistError(error, context)
            return nil
        }
    }

    /// Traps unless `error` is a ``PlistError`` with a description (building the description
    /// exercises the location formatting too).
    static func expectPlistError(_ error: any Error, _ context: String) {
        guard let plistError = error as? PlistError else {
            fatalError("Fuzz check failed: \(context) threw \(type(of: error)), not PlistError: \(error)")
        }
        guard !plistError.description.isEmpty else {
            fatalError("Fuzz check failed: \(context) threw a PlistError with an empty description")
        }
    }

    static func fail(_ message: String, value: PlistValue) -> Never {
        fatalError("Fuzz check failed: \(message)\n--- value read ---\n\(value)")
    }

    static func preview(_ data: Data) -> String {
        let head = data.prefix(2048)
        if let text = String(validating: head, as: UTF8.self) { return text }
        return head.map { String($0, radix: 16) }.joined(separator: " ")
    }
}
