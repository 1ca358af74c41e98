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

    /// The start tag as a message shows it: the name and, for a catalog's string, its name or id
    /// (`<string name="b">`, `<trans-unit id="a">`).
    var startTag: String {
        let named = ["name", "id"].first { attributes[$0] != nil }.map { " \($0)=\"\(attributes[$0]!)\"" } ?? ""
        return "<\(qualifiedName)\(named)>"
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
    /// libxml2's limit on what it holds unparsed at once without `XML_PARSE_HUGE`
    /// (`XML_MAX_LOOKUP_LIMIT`, 10,000,000 bytes), which FoundationXML does not let a caller set.
    static let libxml2LookupLimit = 10_000_000

    /// Parses `data` into its root element; a malformed document throws a problem naming the file and line.
    ///
    /// The document is pushed to the parser in pieces (FoundationXML's stream input, 128 KiB at a time),
    /// not in one: given all at once, libxml2 refused any document over 10,000,000 bytes ("parser error
    /// 1", its `Huge input lookup`), and FoundationXML has no option for `XML_PARSE_HUGE`. Pushed in
    /// pieces, a document and a text of any length are read; one piece of markup longer than that limit
    /// (a tag with its attributes, a comment, a processing instruction) is still refused, with an error
    /// naming the file, the line and length of that piece, the file's size and the limit.
    static func parse(_ data: Data, file: String) throws -> XMLNode {
        try refuseWhatFoundationXMLCannotTake(data, file: file)
        let parser = XMLParser(stream: InputStream(data: data))
        let builder = Builder()
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let ok = parser.parse()
        builder.flushText()
        // FoundationXML on Linux may recover and return true after an error: the first error counts.
        if let (code, line, open) = builder.firstError ?? (ok ? nil : ((parser.parserError as NSError?)?.code ?? -1, parser.lineNumber, builder.stack.last)) {
            // libxml2 reports an item over its limit as one of several errors ("Comment too big found" is
            // an unfinished comment, an attribute value an unfinished attribute…): only a document over
            // the limit can hold one, and then the document itself says whether it does.
            if data.count > libxml2LookupLimit, let huge = markup(over: libxml2LookupLimit, in: data) {
                throw CatalogProblem(SourceLocation(file: file, line: huge.line),
                                     "not read: \(huge.kind) of \(huge.length) bytes starts here, longer than the \(libxml2LookupLimit) "
                                     + "bytes the XML parser (libxml2, without its huge option, which FoundationXML does not offer) "
                                     + "takes in one piece; the file is \(data.count) bytes (a file, or a text, of any size is read)")
            }
            // An end tag that does not match, or the end of the document, inside an element: the
            // mistake is the element left open, so the problem names its line (where the end tag
            // is missing), with the line where the parser noticed it.
            if code == 76 || code == 85 || code == 5, let open {
                let noticed = code == 76 ? "the end tag on line \(line) does not match it" : "the document ends on line \(line) inside it"
                throw CatalogProblem(SourceLocation(file: file, line: open.line),
                                     "malformed XML: \(open.startTag) is not closed (no </\(open.qualifiedName)>): \(noticed)")
            }
            let location = SourceLocation(file: file, line: line > 0 ? line : nil)
            throw CatalogProblem(location, "malformed XML: \(describe(code))")
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

    /// The first piece of markup in `data` longer than `limit` bytes — a start or end tag with its
    /// attributes, a comment, a processing instruction, a declaration (`<!DOCTYPE …>`), or one that runs
    /// to the end — with its kind, length and line. Text and CDATA sections, which libxml2 hands over in
    /// pieces, are not markup here.
    /// - Complexity: O(data.count); run only after the parser failed on a document over the limit.
    static func markup(over limit: Int, in data: Data) -> (kind: String, length: Int, line: Int)? {
        let bytes = [UInt8](data)
        func find(_ pattern: [UInt8], from start: Int) -> Int? {
            var i = start
            while i + pattern.count <= bytes.count {
                if bytes[i] == pattern[0], bytes[i..<(i + pattern.count)].elementsEqual(pattern) { return i + pattern.count }
                i += 1
            }
            return nil
        }
        func starts(_ prefix: String, at i: Int) -> Bool { bytes[i...].starts(with: prefix.utf8) }
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            let kind: String, end: Int?
            if starts("<!--", at: i) {
                (kind, end) = ("a comment", find(Array("-->".utf8), from: i + 4))
            } else if starts("<![CDATA[", at: i) {
                i = find(Array("]]>".utf8), from: i + 9) ?? bytes.count
                continue
            } else if starts("<?", at: i) {
                (kind, end) = ("a processing instruction", find(Array("?>".utf8), from: i + 2))
            } else {
                // A tag ends at the first `>` outside a quoted attribute value.
                var j = i + 1, quote: UInt8?
                while j < bytes.count {
                    let b = bytes[j]
                    if let q = quote { if b == q { quote = nil } } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") { quote = b } else if b == UInt8(ascii: ">") { break }
                    j += 1
                }
                kind = starts("<!", at: i) ? "a declaration" : "a tag with its attributes"
                end = j < bytes.count ? j + 1 : nil
            }
            let stop = end ?? bytes.count
            if stop - i > limit {
                return (kind, stop - i, bytes[..<i].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) })
            }
            i = stop
        }
        return nil
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
        /// The first error's code and line, and the element open when it came.
        var firstError: (Int, Int, XMLNode?)?

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if firstError == nil { firstError = ((parseError as NSError).code, parser.lineNumber, stack.last) }
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            flushText()
            let node = XMLNode(qualifiedName: elementName, attributes: attributeDict, line: parser.lineNumber)
            if let parent = stack.last { parent.children.append(.element(node)) } else if root == nil { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?) {
            flushText()
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

        /// Text not yet given to the open element: the parser hands a long text over in many pieces
        /// (one per 128 KiB pushed, one per entity), and adding each to the element's last text child
        /// copied that child every time, O(n²) in the text's length.
        private var pendingText = ""

        private func append(_ s: String) {
            guard !stack.isEmpty else { return }
            pendingText += s
        }

        /// Gives the text gathered so far to the open element.
        func flushText() {
            defer { pendingText = "" }
            guard !pendingText.isEmpty, let top = stack.last else { return }
            if case .text(let prev)? = top.children.last {
                top.children[top.children.count - 1] = .text(prev + pendingText)
            } else {
                top.children.append(.text(pendingText))
            }
        }
    }
}
