import CICU

/// UAX #14 line breaking for text made only of the most common line-break classes, without a
/// break iterator: the pair rules that can apply among those classes, in the standard's order.
///
/// ICU's iterator costs ~5,000 instructions for a ten-letter tag (converting to UTF-16, setting
/// the text, running the state machine, plus the pool), this ~1,000. Text with any other class
/// (punctuation but `.` `,` `-`, quotes, brackets, glue, hard breaks, soft hyphens, dictionary
/// scripts, emoji joiners, regional indicators, CJK kinsoku classes…), a full stop or comma
/// before a digit, or a locale with keywords (`@lb=strict`, `-u-lb-…`, `@lw=phrase`) returns
/// `nil`, and ICU answers. `TextSegmentation.lineBreaks` holds this to ICU's answers over the
/// corpus, every short sequence of the classes and the conformance file (`CommonLineBreakTests`).
///
/// Classes handled (Unicode 15 Line_Break, LB1 applied: AI and XX are AL): AL, HL, ID, NU, SP,
/// CM (which holds the C0 and C1 controls but the hard breaks and TAB), HY, IS, and the Hangul
/// H2, H3, JL, JV, JT. Rules that can apply among them:
/// LB2/LB3 (no break at the start, a mandatory one at the end), LB7 (× SP), LB9/LB10 (X CM* is
/// X; a CM after a space or at the start is AL), LB13 (× IS), LB18 (SP ÷), LB21 (× HY),
/// LB21a (HL HY ×) and ICU 72's word-initial hyphen ((sot|SP) HY × AL; Unicode 15.1's LB20a),
/// LB23 ((AL|HL) × NU, NU × (AL|HL)), LB25 (NU × NU, HY × NU), LB26 (Hangul syllable blocks),
/// LB28 ((AL|HL) × (AL|HL)), LB29 (IS × (AL|HL)), LB31 (÷ everywhere else).
enum CommonLineBreaks {
    /// The classes, folded: what the rules tell apart.
    private enum Class: UInt8 {
        case al, hl, id, nu, sp, cm, hy, `is`, h2, h3, jl, jv, jt
    }

    /// ICU's ULineBreak value → the folded class; `nil` for any class the rules here do not cover.
    private static func fold(_ icu: UInt8) -> Class? {
        switch icu {
        case 0, 1, 2: .al   // XX, AI, AL (LB1)
        case 38: .hl
        case 14: .id
        case 19: .nu
        case 26: .sp
        case 9: .cm
        case 13: .hy
        case 16: .is
        case 31: .h2
        case 32: .h3
        case 33: .jl
        case 35: .jv
        case 34: .jt
        default: nil
        }
    }

    /// Whether `locale` selects ICU's default rules for these classes: no keywords. (Language
    /// tailorings — `ja`, `zh` — change only classes this type leaves to ICU.)
    static func handles(locale: String?) -> Bool {
        guard let locale else { return true }
        return !locale.utf8.contains(UInt8(ascii: "@")) && !locale.contains("-u-")
    }

    /// The opportunities (`TextSegmentation.lineBreaks`' list: every break inside the text, then
    /// the end, mandatory), or `nil` when the text has a class or sequence left to ICU.
    static func opportunities(_ scalars: UnsafeBufferPointer<UInt32>) -> [LineBreakOpportunity]? {
        let count = scalars.count
        guard count > 0 else { return [] }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { classes -> [LineBreakOpportunity]? in
            textfit_line_break_classes(scalars.baseAddress, Int32(count), classes.baseAddress)
            // One pass decides each position, overwriting its class with 1 where a break goes
            // (a position's class is read only there). The resolved classes: a CM takes its
            // base's class (LB9) or is AL (LB10).
            var previous = Class.al, beforePrevious: Class? = nil
            var breaks = 1  // the end
            for i in 0..<count {
                guard var current = fold(classes[i]) else { return nil }
                classes[i] = 0
                if i == 0 {
                    previous = current == .cm ? .al : current
                    continue
                }
                if current == .cm {
                    if previous != .sp { continue }  // LB9: X CM* is X, no break inside
                    current = .al                    // LB10 (and SP ÷ below, LB18)
                }
                guard let allowed = allowed(previous, current, beforePrevious: beforePrevious) else { return nil }
                if allowed {
                    classes[i] = 1
                    breaks += 1
                }
                beforePrevious = previous
                previous = current
            }
            var result = [LineBreakOpportunity](filledWith: LineBreakOpportunity(offset: count, isMandatory: true, afterSoftHyphen: false),
                                                count: breaks)
            var next = 0
            for i in 1..<max(count, 1) where classes[i] == 1 {
                result[next] = LineBreakOpportunity(offset: i, isMandatory: false, afterSoftHyphen: false)
                next += 1
            }
            return result
        }
    }

    /// Whether the line may break between `a` and `b` (both resolved, neither CM): `true` = ÷,
    /// `false` = ×; `nil` for a sequence left to ICU.
    private static func allowed(_ a: Class, _ b: Class, beforePrevious: Class?) -> Bool? {
        if b == .sp { return false }                        // LB7
        if b == .is { return false }                        // LB13
        if a == .sp { return true }                         // LB18
        if b == .hy { return false }                        // LB21
        switch a {
        case .hy:
            if beforePrevious == .hl || b == .nu { return false }  // LB21a, LB25 (HY × NU)
            if beforePrevious == nil || beforePrevious == .sp {
                // ICU 72's word-initial hyphen (Unicode 15.1 made it LB20a): (sot|SP) HY × AL.
                // Whether it keeps a Hebrew letter too is left to ICU.
                if b == .al { return false }
                if b == .hl { return nil }
            }
            return true                                     // LB31
        case .is:
            if b == .nu { return nil }                      // LB25's numeric sequences: ICU's
            return !(b == .al || b == .hl)                  // LB29, else LB31
        case .al, .hl:
            return !(b == .al || b == .hl || b == .nu)      // LB28, LB23
        case .nu:
            return !(b == .al || b == .hl || b == .nu)      // LB23, LB25
        case .jl:
            return !(b == .jl || b == .jv || b == .h2 || b == .h3)  // LB26
        case .jv, .h2:
            return !(b == .jv || b == .jt)                  // LB26
        case .jt, .h3:
            return b != .jt                                 // LB26
        case .id, .sp, .cm:
            return true                                     // LB31
        }
    }
}
