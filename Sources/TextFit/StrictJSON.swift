import Foundation

/// The JSON reader of request bodies and stdio lines: RFC 8259 exactly (no trailing comma, no
/// leading zero or `+`, nothing after the value), as layout files and String Catalogs are read, with
/// the line and column of a syntax error. It builds native values — `[String: Any]`, `[Any]`,
/// `String`, `Int` (an integer that fits), `Double`, `Bool`, `NSNull` — which ``MeasureRequest``'s
/// `init(jsonObject:)` and ``LayoutFile`` read. (`package`: the service reaches LayoutCore's reader
/// through this module, as the module rules have it; not API.)
///
/// Why not `JSONSerialization`: on Linux it accepts what RFC 8259 does not (`{"texts": ["Hi"],}`),
/// and says where it stopped only as a character count.
package enum StrictJSON {
    package struct SyntaxError: Error, Sendable, CustomStringConvertible {
        /// What is wrong (`expected a string key`).
        package let message: String
        /// 1-based line and column (in bytes) where the reader stopped.
        package let line: Int
        package let column: Int
        package var description: String { "\(message) at line \(line), column \(column)" }
    }

    /// The one JSON value `data` holds (whitespace around it allowed).
    package static func parse(_ data: Data) throws(SyntaxError) -> Any {
        do {
            return try JSONReader.parse(data)
        } catch let error as JSONReader.SyntaxError {
            throw SyntaxError(message: error.message, line: error.line, column: error.column)
        } catch {
            throw SyntaxError(message: "\(error)", line: 1, column: 1)
        }
    }

    /// Whether `value` is a JSON boolean as this reader (`Bool`) or `JSONSerialization` (its boolean
    /// `NSNumber`) gives it.
    package static func isBoolean(_ value: Any) -> Bool { isJSONBoolean(value) }

    /// `value` as a number when it is a JSON number (not a boolean), from this reader or `JSONSerialization`.
    package static func number(_ value: Any) -> Double? { jsonNumber(value)?.doubleValue }
}
