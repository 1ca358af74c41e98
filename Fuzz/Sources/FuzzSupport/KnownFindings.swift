// Input filters for findings already reported (ids in crashes/README.md), used only when
// FUZZ_KNOWN names them, so that a long exploratory run can look past them. See Known in Driver.swift.
import Foundation

/// Finding layout-count-conversion: `maxRows`, `gridCellColumns` or `lineLimit` beyond Int (or
/// "infinity") trap in LayoutFile, and huge ones exhaust memory in Grid. True for a decoded JSON
/// value holding one, when FUZZ_KNOWN names the finding.
public func knownBadCount(_ json: Any) -> Bool {
    guard Known.skips("layout-count-conversion") else { return false }
    if let object = json as? [String: Any] {
        for (key, value) in object {
            if key == "maxRows" || key == "gridCellColumns" || key == "lineLimit" {
                if value is String { return true }
                if let number = value as? Double, !(number > -1000 && number < 1000) { return true }
            }
            if knownBadCount(value) { return true }
        }
    } else if let array = json as? [Any] {
        return array.contains(where: knownBadCount)
    }
    return false
}

/// Finding huge-length-overflow: layout-file lengths are any finite number, so 1e308 spacings or
/// paddings add up to ±∞ in frames. True for a decoded JSON value holding a number of magnitude
/// 1e15 or more, when FUZZ_KNOWN names the finding.
public func knownHugeLength(_ json: Any) -> Bool {
    guard Known.skips("huge-length-overflow") else { return false }
    if let number = json as? Double, json is NSNumber { return !(abs(number) < 1e15) }
    if let object = json as? [String: Any] { return object.values.contains(where: knownHugeLength) }
    if let array = json as? [Any] { return array.contains(where: knownHugeLength) }
    return false
}
