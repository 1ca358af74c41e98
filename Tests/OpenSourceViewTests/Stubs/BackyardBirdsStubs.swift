// Stand-ins for what the Backyard Birds fixtures use but do not contain (Fixtures/BackyardBirds/ORIGIN.md).
// The app declares `premiumBirdFood` in BackyardBirdsUI/Styles.swift as `Color(.premiumBirdFood)`,
// Xcode 15's generated symbol for the asset catalog's "Premium Bird Food" colour set, whose
// universal sRGB components are 0xD0, 0x9E, 0x12 (BackyardBirdsUI/Assets.xcassets/Premium Bird
// Food.colorset/Contents.json at the same commit). Linux has no generated asset symbols.
import SwiftUI

extension Color {
    static let premiumBirdFood = Color(red: 0xD0 / 255, green: 0x9E / 255, blue: 0x12 / 255)
}

extension ShapeStyle where Self == Color {
    static var premiumBirdFood: Color { .premiumBirdFood }
}
