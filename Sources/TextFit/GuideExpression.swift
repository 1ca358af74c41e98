import Foundation
import LayoutCore

/// An arithmetic expression over a view's dimensions, as a layout file writes an `alignmentGuide`
/// value or a custom guide's default (`"width * 0.5"`, `"firstTextBaseline - 2"`, `"(height - 4) / 2"`).
///
/// Grammar (spaces anywhere between tokens):
/// ```
/// expression := term (("+" | "-") term)*
/// term       := factor (("*" | "/") factor)*
/// factor     := "-" factor | number | name | "(" expression ")"
/// ```
/// Names are `width`, `height`, the built-in guides `leading`, `trailing`, `horizontalCenter`,
/// `top`, `bottom`, `verticalCenter`, `firstTextBaseline`, `lastTextBaseline`, `center` (the centre
/// on the axis of the guide being computed), and the file's own guides. A guide's value is the one
/// the view has before the modifier being computed (as `ViewDimensions` gives it in SwiftUI).
/// Numbers are decimal (`12`, `0.5`, `.5`, `1e3`).
struct GuideExpression: Sendable {
    /// A resolved name, or an operation on sub-expressions.
    indirect enum Node: Sendable {
        case number(CGFloat)
        case width, height
        case horizontal(HorizontalAlignment)
        case vertical(VerticalAlignment)
        case negate(Node)
        case binary(Character, Node, Node)
    }

    let root: Node

    /// An expression already parsed.
    init(root: Node) { self.root = root }

    /// Parses `text`; `resolve` turns a name other than `width` and `height` into a guide (nil: unknown).
    /// - Throws: a message naming the position and what was expected.
    init(_ text: String, resolve: @escaping (String) -> Node?) throws(ExpressionError) {
        var parser = Parser(scalars: Array(text.unicodeScalars), resolve: resolve)
        root = try parser.expression()
        parser.skipSpaces()
        if parser.index < parser.scalars.count {
            throw ExpressionError(message: "unexpected '\(Character(parser.scalars[parser.index]))' at character \(parser.index + 1)")
        }
    }

    /// The expression's value for a view of dimensions `d`.
    func value(in d: ViewDimensions) -> CGFloat { Self.evaluate(root, d) }

    private static func evaluate(_ node: Node, _ d: ViewDimensions) -> CGFloat {
        switch node {
        case .number(let v): v
        case .width: d.width
        case .height: d.height
        case .horizontal(let guide): d[guide]
        case .vertical(let guide): d[guide]
        case .negate(let inner): -evaluate(inner, d)
        case .binary(let op, let a, let b):
            switch op {
            case "+": evaluate(a, d) + evaluate(b, d)
            case "-": evaluate(a, d) - evaluate(b, d)
            case "*": evaluate(a, d) * evaluate(b, d)
            default: evaluate(a, d) / evaluate(b, d)
            }
        }
    }

    /// Whether the expression reads any guide (a custom guide's default may read only the size).
    var readsGuides: Bool { Self.readsGuides(root) }

    private static func readsGuides(_ node: Node) -> Bool {
        switch node {
        case .number, .width, .height: false
        case .horizontal, .vertical: true
        case .negate(let inner): readsGuides(inner)
        case .binary(_, let a, let b): readsGuides(a) || readsGuides(b)
        }
    }

    struct ExpressionError: Error {
        let message: String
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        let resolve: (String) -> Node?
        var index = 0
        var depth = 0

        mutating func skipSpaces() {
            while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        }

        mutating func peek() -> Unicode.Scalar? {
            skipSpaces()
            return index < scalars.count ? scalars[index] : nil
        }

        mutating func expression() throws(ExpressionError) -> Node {
            var node = try term()
            while let op = peek(), op == "+" || op == "-" {
                index += 1
                node = .binary(Character(op), node, try term())
            }
            return node
        }

        mutating func term() throws(ExpressionError) -> Node {
            var node = try factor()
            while let op = peek(), op == "*" || op == "/" {
                index += 1
                node = .binary(Character(op), node, try factor())
            }
            return node
        }

        mutating func factor() throws(ExpressionError) -> Node {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 64 else { throw ExpressionError(message: "nested more than 64 levels deep") }
            guard let next = peek() else { throw ExpressionError(message: "expected a number, a name or '(' at the end") }
            if next == "-" {
                index += 1
                return .negate(try factor())
            }
            if next == "(" {
                index += 1
                let inner = try expression()
                guard peek() == ")" else { throw ExpressionError(message: "expected ')' at character \(index + 1)") }
                index += 1
                return inner
            }
            let start = index
            if next.properties.isAlphabetic || next == "_" {
                while index < scalars.count, scalars[index].properties.isAlphabetic || scalars[index] == "_"
                        || ("0"..."9").contains(scalars[index]) { index += 1 }
                let name = String(String.UnicodeScalarView(scalars[start..<index]))
                if name == "width" { return .width }
                if name == "height" { return .height }
                guard let resolved = resolve(name) else {
                    throw ExpressionError(message: "unknown name '\(name)' (width, height, or a guide: leading, trailing, "
                                          + "horizontalCenter, top, bottom, verticalCenter, center, firstTextBaseline, lastTextBaseline, "
                                          + "or one the file declares)")
                }
                return resolved
            }
            while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." { index += 1 }
            if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
                index += 1
                if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
                while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            }
            let text = String(String.UnicodeScalarView(scalars[start..<index]))
            guard !text.isEmpty, let value = Double(text), value.isFinite else {
                throw ExpressionError(message: text.isEmpty ? "expected a number, a name or '(' at character \(start + 1), found '\(Character(next))'"
                                                            : "'\(text)' is not a number")
            }
            return .number(CGFloat(value))
        }
    }
}
