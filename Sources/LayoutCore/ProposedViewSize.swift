import Foundation

/// A parent's size proposal to a child: per axis a length, or `nil` for "your ideal size".
///
/// `0` asks for the minimum, `.infinity` for the maximum. Proposals the engine receives are
/// normalised before any view sees them: NaN becomes `nil` (ideal), a negative length (including
/// −∞) becomes 0; `+∞` is kept. Units: points.
public struct ProposedViewSize: Sendable, Hashable {
    /// The proposed width, or `nil` for the ideal width.
    public var width: CGFloat?
    /// The proposed height, or `nil` for the ideal height.
    public var height: CGFloat?

    /// A proposal of `width` by `height` points; `nil` on an axis: the view's ideal size there.
    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }

    /// The comparison the compiler derives (each axis with `==`), written out so that it inlines:
    /// the derived one was an outlined call, and the engine compares proposals for every leaf on
    /// every pass (its memo and baseline checks; callgrind, 10,000-box flow).
    @inlinable @inline(__always)
    public static func == (a: ProposedViewSize, b: ProposedViewSize) -> Bool { a.width == b.width && a.height == b.height }

    /// A proposal of exactly `size`.
    public init(_ size: CGSize) {
        self.init(width: size.width, height: size.height)
    }

    /// Asks for the minimum size on both axes.
    public static let zero = ProposedViewSize(width: 0, height: 0)
    /// Asks for the ideal size on both axes.
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    /// Asks for the maximum size on both axes.
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)

    /// This proposal as a size, with `nil` axes replaced by `size` (10 × 10 by default, as SwiftUI).
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }

    // MARK: - Internal

    /// The length along `axis`.
    func value(along axis: Axis) -> CGFloat? { axis == .horizontal ? width : height }

    init(main: CGFloat?, cross: CGFloat?, axis: Axis) {
        self = axis == .horizontal ? ProposedViewSize(width: main, height: cross) : ProposedViewSize(width: cross, height: main)
    }

    /// Whether both axes are `nil` or a non-negative number (`+∞` allowed).
    @inline(__always)
    var isNormalized: Bool { Self.isValid(width) && Self.isValid(height) }

    /// The stated rule: NaN → `nil`; negative (including −∞) → 0; `+∞` kept.
    var normalized: ProposedViewSize {
        isNormalized ? self : ProposedViewSize(width: Self.normalize(width), height: Self.normalize(height))
    }

    private static func isValid(_ value: CGFloat?) -> Bool {
        guard let value else { return true }
        return value >= 0  // false for NaN and negatives
    }

    private static func normalize(_ value: CGFloat?) -> CGFloat? {
        guard let value else { return nil }
        if value.isNaN { return nil }
        return max(0, value)
    }
}

extension ProposedViewSize: CustomStringConvertible {
    public var description: String {
        func text(_ v: CGFloat?) -> String {
            guard let v else { return "nil" }
            return v.isInfinite ? (v > 0 ? "∞" : "-∞") : "\(Double(v))"
        }
        return "(\(text(width)) × \(text(height)))"
    }
}

extension ProposedViewSize: Codable {
    // JSON has no infinity: an infinite length is written as the string "infinity"; nil as null.
    private enum CodingKeys: String, CodingKey { case width, height }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        width = try Self.decodeLength(container, .width)
        height = try Self.decodeLength(container, .height)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try Self.encodeLength(width, &container, .width)
        try Self.encodeLength(height, &container, .height)
    }

    private static func decodeLength(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> CGFloat? {
        if try !c.contains(key) || c.decodeNil(forKey: key) { return nil }
        if let text = try? c.decode(String.self, forKey: key) {
            guard text == "infinity" else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "expected a number, null or \"infinity\", got \"\(text)\"")
            }
            return .infinity
        }
        return CGFloat(try c.decode(Double.self, forKey: key))
    }

    private static func encodeLength(_ value: CGFloat?, _ c: inout KeyedEncodingContainer<CodingKeys>, _ key: CodingKeys) throws {
        guard let value else { return try c.encodeNil(forKey: key) }
        if value.isInfinite { try c.encode(value > 0 ? "infinity" : "-infinity", forKey: key) } else { try c.encode(Double(value), forKey: key) }
    }
}
