import Foundation

extension MeasureRequest {
    /// Decodes a request from the JSON object `JSONSerialization` parsed (the service's bodies and
    /// stdio's `params`), without encoding it again for `JSONDecoder`.
    /// - Throws: the `DecodingError` `JSONDecoder` would throw for the same JSON (type mismatches,
    ///   missing keys and nulls, with their coding paths), except that a fraction where an integer
    ///   belongs (`"lines": 1.5`) is a type mismatch rather than corrupted data.
    public init(jsonObject: Any) throws {
        self = try ObjectDecoder.decode(MeasureRequest.self, from: jsonObject)
    }
}

/// Decodes a `Decodable` straight from what `JSONSerialization` parsed (dictionaries, arrays, strings,
/// `NSNumber`s, `NSNull`), as `LayoutFile` reads layout trees: the service parses every body once to
/// check its shape and fields, and re-encoding that object for `JSONDecoder` cost a quarter of a
/// `measure` request.
///
/// It answers as `JSONDecoder` does — the same values, and the same `DecodingError`s with the same
/// coding paths (`ObjectDecoderTests`) — with one difference: a fraction where an integer belongs
/// (`"lines": 1.5`) is a type mismatch (`lines: expected Int`), where `JSONDecoder` said only that
/// the data was corrupted.
struct ObjectDecoder {
    static func decode<T: Decodable>(_ type: T.Type, from value: Any) throws -> T {
        try T(from: Node(value: value, codingPath: []))
    }

    static func bool(_ value: Any) -> Bool? {
        isJSONBoolean(value) ? value as? Bool : nil
    }

    fileprivate static func kind(_ value: Any) -> String {
        switch value {
        case is NSNull: "null"
        case _ where bool(value) != nil: "bool"
        case is NSNumber: "number"
        case is String: "string"
        case is [Any]: "array"
        case is [String: Any]: "dictionary"
        default: "\(type(of: value))"
        }
    }

    /// One value and where it is: the decoder, and its single-value container.
    fileprivate struct Node: Decoder, SingleValueDecodingContainer {
        let value: Any
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func mismatch(_ type: Any.Type) -> DecodingError {
            value is NSNull
                ? .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "Expected \(type) value but found null instead."))
                : .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(ObjectDecoder.kind(value)) instead."))
        }

        func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard let object = value as? [String: Any] else { throw mismatch([String: Any].self) }
            return KeyedDecodingContainer(Keyed(object: object, codingPath: codingPath))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard let array = value as? [Any] else { throw mismatch([Any].self) }
            return Unkeyed(array: array, codingPath: codingPath)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

        func decodeNil() -> Bool { value is NSNull }

        func decode(_: Bool.Type) throws -> Bool {
            guard let bool = ObjectDecoder.bool(value) else { throw mismatch(Bool.self) }
            return bool
        }

        func decode(_: String.Type) throws -> String {
            guard let string = value as? String else { throw mismatch(String.self) }
            return string
        }

        func decode(_: Double.Type) throws -> Double {
            guard let number = jsonNumber(value) else { throw mismatch(Double.self) }
            return number.doubleValue
        }

        func decode(_: Float.Type) throws -> Float {
            guard let number = jsonNumber(value), Float(number.doubleValue).isFinite else { throw mismatch(Float.self) }
            return Float(number.doubleValue)
        }

        func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
            guard let number = jsonNumber(value) else { throw mismatch(type) }
            if let signed = number as? Int64, let exact = T(exactly: signed) { return exact }
            if let unsigned = number as? UInt64, let exact = T(exactly: unsigned) { return exact }
            throw mismatch(type)
        }

        func decode(_ type: Int.Type) throws -> Int { try integer(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

        func decode<T: Decodable>(_: T.Type) throws -> T { try T(from: self) }
    }

    /// A key of an array element, as `JSONDecoder` names it.
    fileprivate struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue _: String) { nil }
    }

    fileprivate struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let object: [String: Any]
        let codingPath: [any CodingKey]

        var allKeys: [Key] { object.keys.compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

        func node(_ key: Key) throws -> Node {
            guard let value = object[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
            }
            return Node(value: value, codingPath: codingPath + [key])
        }

        func decodeNil(forKey key: Key) throws -> Bool { try node(key).decodeNil() }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try node(key).decode(type) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try node(key).decode(type) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try node(key).decode(type) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try node(key).decode(type) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try node(key).decode(type) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try node(key).decode(type) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try node(key).decode(type) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try node(key).decode(type) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try node(key).decode(type) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try node(key).decode(type) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try node(key).decode(type) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try node(key).decode(type) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try node(key).decode(type) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try node(key).decode(type) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try node(key).decode(type) }

        // Absent or null: nil. One lookup (the protocol's default looks the key up three times).
        func optional(_ key: Key) -> Node? {
            guard let value = object[key.stringValue], !(value is NSNull) else { return nil }
            return Node(value: value, codingPath: codingPath + [key])
        }

        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(key)?.decode(type) }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(key)?.decode(type) }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(key)?.decode(type) }
        func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(key)?.decode(type) }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(key)?.decode(type) }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(key)?.decode(type) }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(key)?.decode(type) }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(key)?.decode(type) }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(key)?.decode(type) }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(key)?.decode(type) }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(key)?.decode(type) }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(key)?.decode(type) }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(key)?.decode(type) }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(key)?.decode(type) }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try optional(key)?.decode(type) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey> { try node(key).container(keyedBy: type) }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try node(key).unkeyedContainer() }
        func superDecoder() throws -> any Decoder { Node(value: object, codingPath: codingPath) }
        func superDecoder(forKey key: Key) throws -> any Decoder { try node(key) }
    }

    fileprivate struct Unkeyed: UnkeyedDecodingContainer {
        let array: [Any]
        let codingPath: [any CodingKey]
        var currentIndex = 0

        init(array: [Any], codingPath: [any CodingKey]) {
            self.array = array
            self.codingPath = codingPath
        }

        var count: Int? { array.count }
        var isAtEnd: Bool { currentIndex >= array.count }

        /// The next element; the index moves on only when `read` succeeds, as in `JSONDecoder`.
        mutating func next<T>(_ type: T.Type, _ read: (Node) throws -> T) throws -> T {
            let path = codingPath + [IndexKey(intValue: currentIndex)]
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "Unkeyed container is at end."))
            }
            let value = try read(Node(value: array[currentIndex], codingPath: path))
            currentIndex += 1
            return value
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, array[currentIndex] is NSNull else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.decode(type) } }
        mutating func decode(_ type: String.Type) throws -> String { try next(type) { try $0.decode(type) } }
        mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try $0.decode(type) } }
        mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try $0.decode(type) } }
        mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $0.decode(type) } }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try $0.decode(type) } }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try $0.decode(type) } }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try $0.decode(type) } }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try $0.decode(type) } }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try $0.decode(type) } }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try $0.decode(type) } }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { try $0.decode(type) } }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { try $0.decode(type) } }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { try $0.decode(type) } }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try $0.decode(type) } }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
        }
        mutating func superDecoder() throws -> any Decoder { try next(Node.self) { $0 } }
    }
}
