import Foundation
import LayoutCore
import Testing
@testable import TextLayout
import Typography

// `Text(_:format:)` and `\(value, format:)` in a key: a Foundation `FormatStyle` writes the value in
// the environment's locale (SwiftUI: https://developer.apple.com/documentation/swiftui/text/init(_:format:);
// OpenSwiftUI's format-style storage resolves the style with the environment's locale, PR #891).
// Expected strings are CLDR's patterns for each locale (cldr/common/main/*.xml, as ICU 72 ships them):
//   de: decimal ",", group "." (numbers/symbols); currency "#,##0.00 ¤" with U+00A0 before "¤";
//       list end "{0} und {1}"; percent "#,##0 %" with U+00A0.
//   fr: group U+202F (narrow no-break space), decimal ","; currency "#,##0.00 ¤" with U+00A0.
//   ja: dateFormatItem "y" is "y年".
//   en_US_POSIX (the default environment's locale): no grouping, "." decimal.

@Suite("Text(_:format:): values written by a FormatStyle in the environment's locale")
struct TextFormatStyleTests {
    func environment(_ locale: String) throws -> EnvironmentValues {
        var environment = try TextFixtures.environment()
        environment.locale = Locale(identifier: locale)
        return environment
    }

    @Test("The value is formatted in the locale of the environment it is measured in", arguments: [
        ("de_DE", "1.234,5"), ("fr_FR", "1\u{202F}234,5"), ("en_US", "1,234.5"),
    ])
    func numberInLocale(_ locale: String, _ expected: String) throws {
        let text = Text(1234.5, format: .number)
        #expect(text.styledText(in: try environment(locale)).string == expected)
    }

    @Test("Currencies, percentages, lists and dates, each as CLDR writes them")
    func styles() throws {
        let german = try environment("de_DE")
        #expect(Text(1234.5, format: .currency(code: "EUR")).styledText(in: german).string == "1.234,50\u{A0}€")
        #expect(Text(0.25, format: .percent).styledText(in: german).string == "25\u{A0}%")
        #expect(Text(["a", "b", "c"], format: .list(type: .and)).styledText(in: german).string == "a, b und c")
        let epoch = Date(timeIntervalSince1970: 0)
        #expect(Text(epoch, format: .dateTime.year()).styledText(in: try environment("ja_JP")).string == "1970年")
    }

    @Test("It measures as the formatted string does, and changes size with the locale")
    func measures() throws {
        let german = try environment("de_DE"), english = try environment("en_US")
        let value = Text(1234567.5, format: .number)
        #expect(value.sizeThatFits(.unspecified, environment: german)
                == Text(verbatim: "1.234.567,5").sizeThatFits(.unspecified, environment: german))
        #expect(value.sizeThatFits(.unspecified, environment: english)
                == Text(verbatim: "1,234,567.5").sizeThatFits(.unspecified, environment: english))
    }

    @Test("In a key, a formatted value is an argument: in place, styled by the Markdown around it, never read as Markdown")
    func interpolated() throws {
        let german = try environment("de_DE")
        let total = Text("Total: **\(1234.5, format: .number)**")
        #expect(total.styledText(in: german).string == "Total: 1.234,5")
        #expect(total.runs.map(\.isBold) == [false, true])
        // The style's output is shown as written: underscores are not emphasis.
        let list = Text("\(["_a_", "b"], format: .list(type: .and))")
        #expect(list.styledText(in: try environment("en_US")).string == "_a_ and b")
        // The default environment (en_US_POSIX): no grouping.
        #expect(Text("\(1234.5, format: .number)").string == "1234.5")
    }

    @Test("Texts are equal when their values and styles are")
    func equality() {
        #expect(Text(2, format: .number) == Text(2, format: .number))
        #expect(Text(2, format: .number) != Text(3, format: .number))
        #expect(Text(0.5, format: .number) != Text(0.5, format: .percent))
        #expect(Set([Text(2, format: .number), Text(2, format: .number), Text(3, format: .number)]).count == 2)
    }

    // Text(_:style:) (https://developer.apple.com/documentation/swiftui/text/init(_:style:)):
    // Apple's examples are "June 3, 2019" for `.date` and "11:23PM" for `.time`. CLDR 42 (ICU 72):
    // long dates en "MMMM d, y", de "d. MMMM y", ja "y年M月d日", pt "d 'de' MMMM 'de' y"; short
    // times en "h:mm a" with U+202F before the day period, de "HH:mm". 1,559,604,180 s after the
    // epoch is 2019-06-03 23:23 UTC (18,050 days of 86,400 s, + 84,180 s), 08:23 on June 4 in
    // Tokyo (UTC+9). The Buddhist era counts 543 years more: 2019 is 2562 (Thai locales' calendar).
    static let date = Date(timeIntervalSince1970: 1_559_604_180)

    @Test("Dates in .date and .time, in the environment's locale", arguments: [
        ("en_US", "June 3, 2019", "11:23\u{202F}PM"), ("de_DE", "3. Juni 2019", "23:23"),
        ("ja_JP", "2019年6月3日", "23:23"), ("pt_BR", "3 de junho de 2019", "23:23"),
    ])
    func dateStyles(_ locale: String, _ date: String, _ time: String) throws {
        let environment = try environment(locale)
        #expect(Text(Self.date, style: .date).styledText(in: environment).string == date)
        #expect(Text(Self.date, style: .time).styledText(in: environment).string == time)
    }

    @Test("Dates follow the environment's time zone (GMT by default) and calendar (the locale's by default)")
    func timeZoneAndCalendar() throws {
        var tokyo = try environment("en_US")
        #expect(Text(Self.date, style: .date).string == "June 3, 2019")
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        #expect(Text(Self.date, style: .date).styledText(in: tokyo).string == "June 4, 2019")
        #expect(Text(Self.date, style: .time).styledText(in: tokyo).string == "8:23\u{202F}AM")
        var thai = try environment("th_TH")
        #expect(Text(Self.date, style: .date).styledText(in: thai).string.contains("2562"))
        thai.calendar = Calendar(identifier: .gregorian)
        #expect(Text(Self.date, style: .date).styledText(in: thai).string.contains("2019"))
        // In a key, with the Markdown around it.
        let key = Text("Updated **\(Self.date, style: .date)**")
        #expect(key.styledText(in: try environment("de_DE")).string == "Updated 3. Juni 2019")
        #expect(key.runs.map(\.isBold) == [false, true])
    }
}
