import Typography

/// A string with styled runs over it, as `Text("a") + Text("b").bold()` builds one paragraph.
///
/// Run ranges are Unicode scalar offsets; runs cover the string exactly once, in order.
public struct StyledText: Hashable, Sendable {
    /// One styled run.
    public struct Run: Hashable, Sendable {
        /// Scalar offsets of the run in ``StyledText/string``.
        public var range: Range<Int>
        /// The attributes of the run's text.
        public var attributes: TextAttributes
    }

    /// The whole text.
    public private(set) var string: String
    /// The runs of attributes, covering `string` in order.
    public private(set) var runs: [Run]

    /// A text with one style over all of it.
    public init(_ string: String, attributes: TextAttributes = TextAttributes()) {
        self.string = string
        self.runs = [Run(range: 0..<StyledText.scalarCount(string), attributes: attributes)]
    }

    /// The number of Unicode scalars.
    public var scalarCount: Int { runs.last?.range.upperBound ?? 0 }

    /// `string.unicodeScalars.count`, from the UTF-8 bytes (a scalar starts at every byte that is
    /// not a continuation byte): the standard library's count walks scalar by scalar.
    static func scalarCount(_ string: String) -> Int {
        // Read in place: `withUTF8` would need a mutable copy (a retain and a release).
        string.utf8.withContiguousStorageIfAvailable { bytes in
            var count = 0
            for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
            return count
        } ?? string.unicodeScalars.count
    }

    /// Appends a styled piece; neighbouring runs with equal attributes merge.
    public mutating func append(_ other: StyledText) {
        let offset = scalarCount
        string += other.string
        for run in other.runs where !run.range.isEmpty || runs.isEmpty {
            let shifted = Run(range: run.range.lowerBound + offset..<run.range.upperBound + offset, attributes: run.attributes)
            if let last = runs.last, last.attributes == shifted.attributes {
                runs[runs.count - 1].range = last.range.lowerBound..<shifted.range.upperBound
            } else if let last = runs.last, last.range.isEmpty {
                runs[runs.count - 1] = shifted
            } else {
                runs.append(shifted)
            }
        }
    }

    /// Concatenation, as SwiftUI's `Text + Text`.
    public static func + (a: StyledText, b: StyledText) -> StyledText {
        var result = a
        result.append(b)
        return result
    }

    /// The attributes at a scalar offset (the last run's at the end).
    public func attributes(at offset: Int) -> TextAttributes {
        runs.first { $0.range.contains(offset) }?.attributes ?? runs[runs.count - 1].attributes
    }

    /// Every run with its attributes changed by `change` (e.g. a new Dynamic Type size).
    public func mapAttributes(_ change: (inout TextAttributes) -> Void) -> StyledText {
        var copy = self
        for index in copy.runs.indices { change(&copy.runs[index].attributes) }
        return copy
    }
}
