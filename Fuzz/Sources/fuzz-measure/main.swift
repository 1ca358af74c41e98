// Fuzz target `measure`: arbitrary bytes → a paragraph at random widths, heights, line limits,
// truncation and wrap modes, directions, metrics and text attributes; ParagraphInvariants checks
// every layout (finite sizes, widest line ≤ proposal, lines covering the text once, baselines in
// the box, same answer twice, min-content ≤ ideal).
//
// Input: 15 header bytes (see `decode`), then the text as UTF-8 — invalid sequences become U+FFFD,
// as String(decoding:as:) documents. A header byte may split the text into two styled runs, or have it
// read as inline Markdown (StyledText(markdown:attributes:), what `measure --markdown` measures).
import FuzzSupport
import TextFit

func decode(_ bytes: [UInt8]) -> ParagraphCase {
    var input = FuzzInput(bytes)
    let width1 = input.proposal(), width2 = input.proposal()
    let heightByte = input.byte()
    let height: Double? = heightByte < 160 ? nil : heightByte < 250 ? Double(heightByte - 160) * 1.5 : [0, .infinity, .nan, -1, 1e300, 0.25][Int(heightByte) % 6]
    let limitByte = input.byte(), modes = input.byte(), metricsByte = input.byte()
    let attributes1 = attributes(&input), attributes2 = attributes(&input)
    let split = input.byte()

    var style = ParagraphStyle()
    style.lineLimit = limitByte % 5 == 0 ? nil : Int(limitByte % 5) - (limitByte > 250 ? 5 : 0)  // also 0 and negatives
    style.truncation = ParagraphStyle.TruncationMode.allCases[Int(modes) % 3]
    style.wrap = ParagraphStyle.WrapMode.allCases[Int(modes / 3) % 3]
    style.direction = BaseDirection.allCases[Int(modes / 9) % 3]
    style.alignment = [.leading, .center, .trailing][Int(modes / 27) % 3]
    switch metricsByte % 16 {
    case 0: style.lineMetrics = .font(.typo)
    case 1: style.lineMetrics = .fixed(Double(metricsByte) / 4)
    default: style.lineMetrics = .font(.apple)
    }
    style.lineSpacing = metricsByte & 0x30 == 0x30 ? Double(metricsByte >> 6) * 3 : 0
    style.minimumScaleFactor = metricsByte & 0xC0 == 0xC0 ? 0.5 : 1
    style.tabInterval = metricsByte & 0x0F == 0x0F ? 5 : 28

    let string = String(decoding: input.rest(), as: UTF8.self)
    // One run as written, one run read as inline Markdown (spans of their own styles), or two runs.
    var text = split % 8 == 4 ? StyledText(markdown: string, attributes: attributes1) : StyledText(string, attributes: attributes1)
    if split % 4 != 0 {
        let scalars = Array(string.unicodeScalars)
        let at = scalars.count * Int(split) / 256
        text = StyledText(String(String.UnicodeScalarView(scalars[..<at])), attributes: attributes1)
            + StyledText(String(String.UnicodeScalarView(scalars[at...])), attributes: attributes2)
    }
    return ParagraphCase(text: text, style: style, proposals: [(nil, height), (width1, height), (width2, height), (width1, nil)])
}

/// Text attributes from two bytes: size (a style, or points), Dynamic Type size, weight, italic,
/// tracking and locale.
func attributes(_ input: inout FuzzInput) -> TextAttributes {
    let a = input.byte(), b = input.byte()
    var attributes = TextAttributes()
    let style = TextStyle.allCases[Int(a) % TextStyle.allCases.count]
    switch a / 16 {
    case 0: attributes.size = .points(Double(b) / 8)
    case 1: attributes.size = .points([0, 0.01, 200, 1000][Int(b) % 4])
    case 2: attributes.size = .relative(Double(b) / 4, to: style)
    default: attributes.size = .style(style)
    }
    attributes.dynamicTypeSize = DynamicTypeSize.allCases[Int(b) % DynamicTypeSize.allCases.count]
    if b & 0x10 != 0 { attributes.font.weight = .bold }
    if b & 0x20 != 0 { attributes.font.italic = true }
    attributes.tracking = [0, 0, 0, 0, 0, 1.5, -0.5, 4][Int(a) % 8]
    if attributes.tracking < 0, Known.skips("negative-tracking") { attributes.tracking = 0 }  // finding negative-tracking-width
    attributes.locale = [nil, nil, "ar", "ja", "th", "zh-Hans", "de", "he"][Int(b >> 5)]
    return attributes
}

fuzzMain { bytes in
    ParagraphInvariants.check(decode(bytes), shaper: Fixtures.shaper)
}
