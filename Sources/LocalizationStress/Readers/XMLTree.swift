import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

// A small element tree built with XMLParser, keeping each element's line so that problems in XML
// catalogs (XLIFF, Android resources, XML property lists) can name it.

/// One XML element: its local name (prefix dropped: `xliff:g` → `g`), attributes by qualified name,
/// children in document order, and the line its start tag ends on.
final class XMLNode {
    enum Child {
        case element(XMLNode)
        case text(String)
    }

    let name: String
    let qualifiedName: String
    let attributes: [String: String]
    let line: Int
    var children: [Child] = []

    init(qualifiedName: String, attributes: [String: String], line: Int) {
        self.qualifiedName = qualifiedName
        if let colon = qualifiedName.lastIndex(of: ":") {
            name = String(qualifiedName[qualifiedName.index(after: colon)...])
        } else {
            name = qualifiedName
        }
        self.attributes = attributes
        self.line = line
    }

    /// Child elements, optionally only those named `name` (local name).
    func elements(_ name: String? = nil) -> [XMLNode] {
        children.compactMap {
            if case .element(let e) = $0, name == nil || e.name == name { return e }
            return nil
        }
    }

    func first(_ name: String) -> XMLNode? { elements(name).first }

    /// An attribute by qualified name, or by local name when no attribute has that qualified name
    /// (`tools:locale` is found as `locale`).
    func attribute(_ name: String) -> String? {
        if let v = attributes[name] { return v }
        for (k, v) in attributes where k.hasSuffix(":" + name) { return v }
        return nil
    }

    /// The text content, depth first. `inline` may replace an element's content (for placeholders
    /// such as XLIFF `<x equiv-text="%@"/>`); return nil to descend into it.
    func text(inline: (XMLNode) -> String? = { _ in nil }) -> String {
        var out = ""
        for child in children {
            switch child {
            case .text(let s): out += s
            case .element(let e): out += inline(e) ?? e.text(inline: inline)
            }
        }
        return out
    }
}

enum XMLTree {
    /// Parses `data` into its root element; a malformed document throws a problem naming the file and line.
    static func parse(_ data: Data, file: String) throws -> XMLNode {
        try refuseWhatFoundationXMLCannotTake(data, file: file)
        let parser = XMLParser(data: data)
        let builder = Builder()
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let ok = parser.parse()
        // FoundationXML on Linux may recover and return true after an error: the first error counts.
        if let (code, line) = builder.firstError ?? (ok ? nil : ((parser.parserError as NSError?)?.code ?? -1, parser.lineNumber)) {
            throw CatalogProblem(SourceLocation(file: file, line: line > 0 ? line : nil), "malformed XML: \(describe(code))")
        }
        guard let root = builder.root else {
            throw CatalogProblem(SourceLocation(file: file), "malformed XML: no root element")
        }
        return root
    }

    /// FoundationXML (swift-corelibs-foundation 6.3) crashes the process on two inputs libxml2
    /// itself reports or accepts, both found by fuzzing the readers: bytes that are not UTF-8 inside
    /// an element name (it force-decodes names), and a processing instruction without data, such
    /// as `<?x?>` (it reads the missing data as a C string). Both are refused here with the line.
    /// UTF-16 documents (with a byte order mark) are left to the parser.
    private static func refuseWhatFoundationXMLCannotTake(_ data: Data, file: String) throws {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return }
        func line(at offset: Int) -> Int { bytes[..<offset].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) } }
        if String(validating: bytes, as: UTF8.self) == nil {
            var decoder = UTF8(), iterator = bytes.makeIterator(), offset = 0
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): offset += String(scalar).utf8.count
                case .emptyInput: break loop
                case .error: break loop
                }
            }
            throw CatalogProblem(SourceLocation(file: file, line: line(at: min(offset, bytes.count))),
                                 "malformed XML: not valid UTF-8 (byte \(offset))")
        }
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == 0x3C, bytes[i + 1] == 0x3F {  // "<?": a target, then whitespace and data, then "?>"
                // The target ends at whitespace or "?", or at a "<" that may start the next one
                // (`<?<?f?>`: libxml2 reads the second; skipping past it let it through).
                var j = i + 2
                while j < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, 0x3F, 0x3C].contains(bytes[j]) { j += 1 }
                if j + 1 < bytes.count, bytes[j] == 0x3F, bytes[j + 1] == 0x3E {
                    throw CatalogProblem(SourceLocation(file: file, line: line(at: i)),
                                         "malformed XML: a processing instruction without data is not supported")
                }
                i = j
            } else {
                i += 1
            }
        }
    }

    /// A reading of the common `XMLParser.ErrorCode`s (libxml2's numbers).
    private static func describe(_ code: Int) -> String {
        switch code {
        case 4: return "the document is empty"
        case 5: return "unexpected end of the document"
        case 9: return "invalid character"
        case 23: return "'&' not followed by an entity name (write &amp;)"
        case 26: return "undefined entity"
        case 38, 39, 40, 41: return "malformed attribute"
        case 64: return "malformed XML declaration"
        case 68: return "expected an element name"
        case 73: return "expected '>'"
        case 76: return "end tag does not match the open element"
        case 85: return "unclosed element at the end of the document"
        default: return "parser error \(code)"
        }
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLNode?
        var stack: [XMLNode] = []
        /// The first error's code and line.
        var firstError: (Int, Int)?

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if firstError == nil { firstError = ((parseError as NSError).code, parser.lineNumber) }
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let node = XMLNode(qualifiedName: elementName, attributes: attributeDict, line: parser.lineNumber)
            if let parent = stack.last { parent.children.append(.element(node)) } else if root == nil { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            append(string)
        }

        func parser(_ parser: XMLParser, foundIgnorableWhitespace whitespaceString: String) {
            append(whitespaceString)
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            append(String(decoding: CDATABlock, as: UTF8.self))
        }

        private func append(_ s: String) {
            guard let top = stack.last else { return }
            if case .text(let prev)? = top.children.last {
                top.children[top.children.count - 1] = .text(prev + s)
            } else {
                top.children.append(.text(s))
            }
        }
    }
}
