import Foundation
import LayoutCore
import Typography

// A screen sweep's findings and groups as JSON: what `report.json`'s `screens` part holds
// (docs/stress.md, "Screens"), written by `JSONWriter` with keys in byte order, and read back
// (`Decodable`) from a shard's partial report. Fields that say nothing (`nil`, `false`) are left out.

extension LocalizationSweep.Finding: JSONWritable, Codable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        try writer.object { json in
            json.field("accessibilityIdentifier", accessibilityIdentifier)
            if let allowance { json.field("allowed", allowance.reason) }
            try json.field("availableWidth", availableWidth)
            json.field("detail", detail)
            json.field("device", device)
            if case .dynamicType(let size) = size { json.field("dynamicTypeSize", size.rawValue) }
            json.field("fileID", fileID)
            if case .fontScale(let scale) = size { try json.field("fontScale", scale.value) }
            json.field("id", id)
            json.field("index", index)
            json.field("key", key)
            json.field("kind", kind.rawValue)
            json.field("line", line)
            json.field("linesNeeded", linesNeeded)
            json.field("linesShown", linesShown)
            json.field("locale", locale)
            try json.field("neededWidth", neededWidth)
            json.field("orientation", orientation.rawValue)
            try json.field("path", path)
            try json.field("scale", scale)
            json.field("screen", screen)
            json.field("shownLocale", shownLocale)
            json.field("table", table)
            json.field("text", text)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case accessibilityIdentifier, allowed, availableWidth, detail, device, dynamicTypeSize, fileID, fontScale, id, index, key, kind
        case line, linesNeeded, linesShown, locale, neededWidth, orientation, path, scale, screen, shownLocale, table, text
    }

    /// Writes a finding as ``writeJSON(to:)`` does (a shard's partial report holds its findings so).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(accessibilityIdentifier, forKey: .accessibilityIdentifier)
        try container.encodeIfPresent(allowance?.reason, forKey: .allowed)
        try container.encodeIfPresent(availableWidth, forKey: .availableWidth)
        try container.encodeIfPresent(detail, forKey: .detail)
        try container.encode(device, forKey: .device)
        switch size {
        case .dynamicType(let size): try container.encode(size.rawValue, forKey: .dynamicTypeSize)
        case .fontScale(let scale): try container.encode(scale.value, forKey: .fontScale)
        }
        try container.encodeIfPresent(fileID, forKey: .fileID)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode(index, forKey: .index)
        try container.encodeIfPresent(key, forKey: .key)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(line, forKey: .line)
        try container.encode(linesNeeded, forKey: .linesNeeded)
        try container.encode(linesShown, forKey: .linesShown)
        try container.encode(locale, forKey: .locale)
        try container.encodeIfPresent(neededWidth, forKey: .neededWidth)
        try container.encode(orientation, forKey: .orientation)
        try container.encode(path, forKey: .path)
        try container.encode(scale, forKey: .scale)
        try container.encode(screen, forKey: .screen)
        try container.encodeIfPresent(shownLocale, forKey: .shownLocale)
        try container.encodeIfPresent(table, forKey: .table)
        try container.encode(text, forKey: .text)
    }

    /// Reads a finding as ``writeJSON(to:)`` writes it; its allowance comes back as the reason alone
    /// (``LocalizationSweep/Allowance`` naming no text), which is all a report shows of it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        size = try TextSize.decode(from: container, dynamicType: .dynamicTypeSize, fontScale: .fontScale)
        kind = try container.decode(Kind.self, forKey: .kind)
        screen = try container.decode(String.self, forKey: .screen)
        locale = try container.decode(String.self, forKey: .locale)
        device = try container.decode(String.self, forKey: .device)
        orientation = try container.decode(Device.Orientation.self, forKey: .orientation)
        key = try container.decodeIfPresent(String.self, forKey: .key)
        table = try container.decodeIfPresent(String.self, forKey: .table)
        shownLocale = try container.decodeIfPresent(String.self, forKey: .shownLocale)
        text = try container.decode(String.self, forKey: .text)
        neededWidth = try container.decodeIfPresent(Double.self, forKey: .neededWidth)
        availableWidth = try container.decodeIfPresent(Double.self, forKey: .availableWidth)
        linesShown = try container.decode(Int.self, forKey: .linesShown)
        linesNeeded = try container.decode(Int.self, forKey: .linesNeeded)
        scale = try container.decode(Double.self, forKey: .scale)
        fileID = try container.decodeIfPresent(String.self, forKey: .fileID)
        line = try container.decodeIfPresent(Int.self, forKey: .line)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        accessibilityIdentifier = try container.decodeIfPresent(String.self, forKey: .accessibilityIdentifier)
        index = try container.decode(Int.self, forKey: .index)
        path = try container.decode([Int].self, forKey: .path)
        detail = try container.decodeIfPresent(String.self, forKey: .detail)
        allowance = try container.decodeIfPresent(String.self, forKey: .allowed).map { reason in
            LocalizationSweep.Allowance(.key(""), kinds: [kind], reason: reason)
        }
    }
}

extension LocalizationSweep.FindingGroup: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        try writer.object { json in
            json.field("accessibilityIdentifier", accessibilityIdentifier)
            if let allowance { json.field("allowed", allowance.reason) }
            try json.field("availableWidth", first.availableWidth)
            json.field("count", count)
            json.field("detail", first.detail)
            json.field("devices", devices as [String]?)
            json.field("fileID", fileID)
            json.field("firstDevice", first.device)
            json.field("firstFailingSize", firstFailingSize.description)
            json.field("firstLocale", first.locale)
            json.field("fitsOn", fitsOn as [String]?)
            json.field("id", id)
            json.field("key", key)
            json.field("kind", kind.rawValue)
            try json.field("largestExcess", largestExcess)
            json.field("line", line)
            json.field("locales", locales as [String]?)
            try json.field("neededWidth", first.neededWidth)
            json.field("screen", screen)
            if let sourceFails { json.field("sourceFails", sourceFails) }
            json.field("sourceFailsFrom", sourceFailsFrom?.description)
            json.field("text", text)
        }
    }
}

extension Device.Orientation: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) { writer.value(rawValue) }
}

extension TextSize {
    /// Reads a text size as reports write it: `fontScale` (a number > 0) when present, else
    /// `dynamicTypeSize` (a size's name); a value that is neither is a decoding error naming it.
    static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, dynamicType: Key, fontScale: Key) throws -> TextSize {
        if let value = try container.decodeIfPresent(Double.self, forKey: fontScale) {
            guard let scale = try? AndroidFontScale(value) else {
                throw DecodingError.dataCorruptedError(forKey: fontScale, in: container, debugDescription: "\(value) is not a font scale (a number > 0)")
            }
            return .fontScale(scale)
        }
        let name = try container.decode(String.self, forKey: dynamicType)
        guard let size = DynamicTypeSize(name: name) else {
            throw DecodingError.dataCorruptedError(forKey: dynamicType, in: container, debugDescription: "'\(name)' is not a Dynamic Type size")
        }
        return .dynamicType(size)
    }
}
