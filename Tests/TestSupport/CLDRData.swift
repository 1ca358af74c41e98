// CLDR's data files for tests: Debian's unicode-cldr-core (CLDR 41) under /usr/share/unicode/cldr,
// which `make setup` installs. Expected plural categories, digits and number formats are read from
// them (or worked out by hand from the rules quoted beside them), never from the code under test.
import Foundation

/// CLDR's XML files, read with regular expressions (the few elements these tests need).
public enum CLDRData {
    public static let directory = "/usr/share/unicode/cldr/common"

    public struct Missing: Error, CustomStringConvertible {
        public let path: String
        public var description: String {
            "\(path) is missing: `make setup` installs Debian's unicode-cldr-core package, which provides it"
        }
    }

    /// A file's text; throws (the test FAILS, never skips) when it is missing.
    public static func text(_ relativePath: String) throws -> String {
        let path = "\(directory)/\(relativePath)"
        guard let data = FileManager.default.contents(atPath: path) else { throw Missing(path: path) }
        return String(decoding: data, as: UTF8.self)
    }

    /// plurals.xml's cardinal rules: locale → category → (rule text, the `@integer` samples expanded;
    /// ranges `a~b` spelled out, `…` and compact forms such as `1c6` left out).
    public static func pluralRules() throws -> [String: [String: (rule: String, integers: [Int])]] {
        let xml = try text("supplemental/plurals.xml")
        var result: [String: [String: (rule: String, integers: [Int])]] = [:]
        let block = /<pluralRules locales="([^"]+)">(.*?)<\/pluralRules>/.dotMatchesNewlines()
        let ruleElement = /<pluralRule count="([a-z]+)">([^<]*)<\/pluralRule>/
        for match in xml.matches(of: block) {
            var rules: [String: (rule: String, integers: [Int])] = [:]
            for rule in match.output.2.matches(of: ruleElement) {
                let body = String(rule.output.2)
                var integers: [Int] = []
                if let start = body.range(of: "@integer") {
                    var list = body[start.upperBound...]
                    if let decimal = list.range(of: "@decimal") { list = list[..<decimal.lowerBound] }
                    for item in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                        let ends = item.split(separator: "~").map { Int($0) }
                        if ends.count == 1, let n = ends[0] { integers.append(n) }
                        if ends.count == 2, let a = ends[0], let b = ends[1] { integers += Array(a...b) }
                    }
                }
                let condition = body.components(separatedBy: "@")[0].trimmingCharacters(in: .whitespaces)
                rules[String(rule.output.1)] = (condition, integers)
            }
            for locale in match.output.1.split(separator: " ") { result[String(locale)] = rules }
        }
        return result
    }

    /// A numbering system's ten digits (numberingSystems.xml).
    public static func digits(_ system: String) throws -> [Character] {
        let xml = try text("supplemental/numberingSystems.xml")
        for match in xml.matches(of: /<numberingSystem id="([a-z]+)" type="numeric" digits="([^"]+)"\/>/)
        where match.output.1 == system {
            return Array(String(match.output.2))
        }
        throw Missing(path: "numberingSystems.xml: \(system)")
    }

    /// The first value of `find` in the locale's file or its parents by truncation (`ar_EG` → `ar`
    /// → `root`), as CLDR inherits for these locales.
    public static func inherited<T>(_ locale: String, _ find: (String) -> T?) throws -> T? {
        var id = locale
        while true {
            if let found = find(try text("main/\(id).xml")) { return found }
            if id == "root" { return nil }
            id = id.contains("_") ? String(id[..<id.lastIndex(of: "_")!]) : "root"
        }
    }

    /// The locale's default numbering system, its decimal and group symbols, its decimal pattern's
    /// primary and secondary grouping sizes, and its minimum grouping digits.
    public static func numberFormat(_ locale: String) throws
        -> (system: String, decimal: String, group: String, primary: Int, secondary: Int, minimumGrouping: Int) {
        let system = try inherited(locale) { xml in
            xml.firstMatch(of: /<defaultNumberingSystem>([a-z]+)<\/defaultNumberingSystem>/).map { String($0.output.1) }
        } ?? "latn"
        func symbol(_ name: String) throws -> String? {
            try inherited(locale) { xml in
                guard let start = xml.range(of: "<symbols numberSystem=\"\(system)\">"),
                      let end = xml[start.upperBound...].range(of: "</symbols>") else { return nil }
                let block = String(xml[start.upperBound..<end.lowerBound])
                guard let open = block.range(of: "<\(name)>") ?? block.range(of: "<\(name) draft=\"contributed\">"),
                      let close = block[open.upperBound...].range(of: "</\(name)>") else { return nil }
                return String(block[open.upperBound..<close.lowerBound])
            }
        }
        let pattern = try inherited(locale) { xml -> String? in
            guard let start = xml.range(of: "<decimalFormats numberSystem=\"\(system)\">"),
                  let end = xml[start.upperBound...].range(of: "</decimalFormats>") else { return nil }
            let block = xml[start.upperBound..<end.lowerBound]
            // The plain pattern (the first <decimalFormatLength> without a type).
            guard let plain = block.range(of: "<decimalFormatLength>") else { return nil }
            return block[plain.upperBound...].firstMatch(of: /<pattern[^>]*>([^<]+)<\/pattern>/).map { String($0.output.1) }
        } ?? "#,##0.###"
        let integerPart = pattern.split(separator: ".")[0]
        let groups = integerPart.split(separator: ",")
        let primary = groups.last!.count
        let secondary = groups.count > 2 ? groups[groups.count - 2].count : primary
        let minimumGrouping = try inherited(locale) { xml in
            xml.firstMatch(of: /<minimumGroupingDigits>(\d)<\/minimumGroupingDigits>/).map { Int($0.output.1)! }
        } ?? 1
        return (system, try symbol("decimal") ?? ".", try symbol("group") ?? ",", primary, secondary, minimumGrouping)
    }

    /// `number` written by hand from the locale's CLDR data: its digits, groups (primary size from
    /// the right, then secondary sizes; none when the integer has fewer than primary + minimum
    /// grouping digits) and decimal separator, with `fractionDigits` decimals (`number` must have
    /// at most that many).
    public static func written(_ number: Double, fractionDigits: Int, locale: String) throws -> String {
        let format = try numberFormat(locale)
        let digits = try digits(format.system)
        let plain = String(format: "%.\(fractionDigits)f", number)
        let parts = plain.split(separator: ".")
        var integer = Array(parts[0])
        var grouped: [String] = []
        if integer.count >= format.primary + format.minimumGrouping {
            grouped.insert(String(integer.suffix(format.primary)), at: 0)
            integer.removeLast(format.primary)
            while integer.count > format.secondary {
                grouped.insert(String(integer.suffix(format.secondary)), at: 0)
                integer.removeLast(format.secondary)
            }
        }
        if !integer.isEmpty { grouped.insert(String(integer), at: 0) }
        var result = grouped.joined(separator: format.group)
        if parts.count > 1 { result += format.decimal + parts[1] }
        return String(result.map { $0.isASCII && $0.isNumber ? digits[Int(String($0))!] : $0 })
    }
}
