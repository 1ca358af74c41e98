import Foundation

/// `value` with two decimals as `String(format: "%.2f", value)` writes it: C's `printf` rounding
/// of the double's exact value, half to even (2.675 is 2.67499999… → "2.67"; 0.125 is a tie →
/// "0.12"; -0.001 → "-0.00"). Foundation parses the format on every call: ~12,000 instructions a
/// number (callgrind), a fifth of the time the stress benchmark's `junit.xml` took, and five numbers
/// a row of `textfit layout`'s table. (`package`: shared by the CLI and the stress report, not API.)
package func twoDecimals(_ value: Double) -> String {
    // Below 2^52 / 100 the hundredths are exact integers in a Double; beyond, and for NaN and the
    // infinities, C's printf itself.
    guard abs(value) < 4.5e13 else { return printfTwoDecimals(value) }
    // value × 100 exactly, as p + e (the product rounded, and its error, exact by fma). Rounding p
    // to an integer rounds p + e the same way, unless p is a tie (a half-integer, exact here):
    // there the error decides, and an exact tie goes to even.
    let p = value * 100
    let e = fmaError(value, p)
    var hundredths = p.rounded(.toNearestOrEven)
    if abs(p - p.rounded(.towardZero)) == 0.5, e != 0 {
        hundredths = e > 0 ? p.rounded(.up) : p.rounded(.down)
    }
    let magnitude = UInt64(abs(hundredths))
    let whole = magnitude / 100, fraction = magnitude % 100
    let sign = value.sign == .minus ? "-" : ""
    return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
}

/// The error of `product` = `value` × 100 rounded: value × 100 − product, exactly.
@inline(__always)
private func fmaError(_ value: Double, _ product: Double) -> Double {
    (-product).addingProduct(value, 100)
}

/// C's `printf("%.2f")`, through `vsnprintf`.
private func printfTwoDecimals(_ value: Double) -> String {
    // 309 digits for the largest double, the sign, the point and two decimals fit.
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 320) { buffer in
        let count = withVaList([value]) { vsnprintf(buffer.baseAddress, buffer.count, "%.2f", $0) }
        let length = min(max(0, Int(count)), buffer.count - 1)
        return buffer.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}
