// A structure-aware mutation for the JSON targets (layoutfile, service): one number of a decoded
// JSON value replaced by an extreme (1e308, -1, "infinity", 2^63, …). libFuzzer's byte mutations
// rarely turn `"maxRows": 2` into `"maxRows": 1e308` by themselves; here every input that parses
// also runs once with such a variant, chosen by a hash of the input.
import Foundation

public enum JSONExtremes {
    nonisolated(unsafe) static let values: [Any] = [1e308, -1e308, "infinity", 0, -1, -0.5, 1e-300, 9.3e18, -9.3e18, 2147483648.0, 0.5, 65536]

    /// `value` with its n-th number (n from `seed`) replaced by an extreme (also from `seed`), or
    /// nil when it has no number.
    public static func variant(of value: Any, seed: Int) -> Any? {
        let count = numbers(in: value)
        guard count > 0 else { return nil }
        var index = 0
        let target = seed % count, replacement = values[(seed / count) % values.count]
        func walk(_ value: Any) -> Any {
            if isNumber(value) {
                defer { index += 1 }
                return index == target ? replacement : value
            }
            if let array = value as? [Any] { return array.map(walk) }
            if let object = value as? [String: Any] {
                var out: [String: Any] = [:]
                for key in object.keys.sorted() { out[key] = walk(object[key]!) }
                return out
            }
            return value
        }
        return walk(value)
    }

    /// A seed from the input bytes.
    public static func seed(_ bytes: [UInt8]) -> Int {
        bytes.reduce(bytes.count) { ($0 &* 31 &+ Int($1)) & 0xFFFF_FFFF }
    }

    static func numbers(in value: Any) -> Int {
        if isNumber(value) { return 1 }
        if let array = value as? [Any] { return array.reduce(0) { $0 + numbers(in: $1) } }
        if let object = value as? [String: Any] { return object.keys.sorted().reduce(0) { $0 + numbers(in: object[$1]!) } }
        return 0
    }

    /// JSONSerialization's numbers are NSNumber; its booleans are a subclass of it.
    static func isNumber(_ value: Any) -> Bool { value is NSNumber && type(of: value) == NSNumber.self }
}
