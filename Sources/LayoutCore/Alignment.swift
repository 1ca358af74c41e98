import Foundation

/// A type that identifies an alignment guide and gives its default value.
///
/// Declare a custom guide as SwiftUI does:
/// ```swift
/// enum FirstThird: AlignmentID {
///     static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 3 }
/// }
/// extension VerticalAlignment { static let firstThird = VerticalAlignment(FirstThird.self) }
/// ```
/// When a container merges its children's explicit values of a custom guide it averages them.
public protocol AlignmentID: SendableMetatype {
    /// The guide's value for a view that sets no explicit value, measured from the view's top-left (points).
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

/// How a container combines its children's explicit values of one guide.
enum GuideMerge {
    case minimum, maximum, average
}

/// A guide along the x axis (a value measured from a view's leading edge).
public struct HorizontalAlignment: Sendable, Equatable, Hashable {
    let key: GuideKey
    /// The guide's `AlignmentID` type (a placeholder for one made with ``init(named:defaultValue:)``).
    var id: any AlignmentID.Type { key.id }

    /// A guide identified by `id`.
    public init(_ id: any AlignmentID.Type) { key = GuideKey(id) }

    /// A guide made at run time, named `name`, whose value for a view that sets none is
    /// `defaultValue` (points from its leading edge). Not part of SwiftUI, where a custom guide is an
    /// ``AlignmentID`` type: this is how a layout file declares one. Two guides with the same name
    /// are the same guide; containers average their children's explicit values, as for any custom guide.
    public init(named name: String, defaultValue: @escaping @Sendable (ViewDimensions) -> CGFloat) {
        key = GuideKey(name: name, defaultValue: defaultValue)
    }

    /// The value for a view that sets none.
    func defaultValue(in d: ViewDimensions) -> CGFloat { key.defaultValue(in: d) }

    /// The leading edge (left, or right in a right-to-left layout).
    public static let leading = HorizontalAlignment(LeadingID.self)
    /// The horizontal centre.
    public static let center = HorizontalAlignment(HorizontalCenterID.self)
    /// The trailing edge (right, or left in a right-to-left layout).
    public static let trailing = HorizontalAlignment(TrailingID.self)

    var merge: GuideMerge { .average }
}

/// A guide along the y axis (a value measured from a view's top edge).
public struct VerticalAlignment: Sendable, Equatable, Hashable {
    let key: GuideKey
    /// The guide's `AlignmentID` type (a placeholder for one made with ``init(named:defaultValue:)``).
    var id: any AlignmentID.Type { key.id }

    /// A guide identified by `id`.
    public init(_ id: any AlignmentID.Type) { key = GuideKey(id) }

    /// A guide made at run time, named `name`, whose value for a view that sets none is
    /// `defaultValue` (points from its top). Not part of SwiftUI, where a custom guide is an
    /// ``AlignmentID`` type: this is how a layout file declares one. Two guides with the same name
    /// are the same guide; containers average their children's explicit values, as for any custom guide.
    public init(named name: String, defaultValue: @escaping @Sendable (ViewDimensions) -> CGFloat) {
        key = GuideKey(name: name, defaultValue: defaultValue)
    }

    /// The value for a view that sets none.
    func defaultValue(in d: ViewDimensions) -> CGFloat { key.defaultValue(in: d) }

    /// The top edge.
    public static let top = VerticalAlignment(TopID.self)
    /// The vertical centre.
    public static let center = VerticalAlignment(VerticalCenterID.self)
    /// The bottom edge.
    public static let bottom = VerticalAlignment(BottomID.self)
    /// The first line's baseline; a view without text answers its height.
    public static let firstTextBaseline = VerticalAlignment(FirstTextBaselineID.self)
    /// The last line's baseline; a view without text answers its height.
    public static let lastTextBaseline = VerticalAlignment(LastTextBaselineID.self)

    /// First baseline: the topmost child's wins; last baseline: the bottommost; others average.
    var merge: GuideMerge {
        if id == FirstTextBaselineID.self { return .minimum }
        if id == LastTextBaselineID.self { return .maximum }
        return .average
    }
}

/// A pair of guides, one per axis (for `ZStackLayout` and `frame(…, alignment:)`).
public struct Alignment: Sendable, Equatable, Hashable {
    /// The alignment across: leading, centre, trailing or a custom guide.
    public var horizontal: HorizontalAlignment
    /// The alignment up and down: top, centre, bottom, a baseline or a custom guide.
    public var vertical: VerticalAlignment

    /// An alignment of these two guides.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The centre on both axes.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// The leading edge, centred vertically.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// The trailing edge, centred vertically.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// The top edge, centred horizontally.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// The bottom edge, centred horizontally.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    /// The top leading corner.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// The top trailing corner.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// The bottom leading corner.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// The bottom trailing corner.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

// MARK: - Built-in guides

enum LeadingID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
enum HorizontalCenterID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width / 2 } }
enum TrailingID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width } }
enum TopID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
enum VerticalCenterID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 2 } }
enum BottomID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
enum FirstTextBaselineID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
enum LastTextBaselineID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
/// The placeholder `id` of a guide made at run time (its `NamedGuide` gives the default).
enum NamedGuideID: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }

/// What identifies a guide of either axis: its `AlignmentID` type, or, for a guide made at run
/// time, a name (its identity) with its default value.
struct GuideKey: Sendable, Hashable {
    let id: any AlignmentID.Type
    let named: NamedGuide?

    init(_ id: any AlignmentID.Type) {
        self.id = id
        named = nil
    }

    init(name: String, defaultValue: @escaping @Sendable (ViewDimensions) -> CGFloat) {
        id = NamedGuideID.self
        named = NamedGuide(name: name, defaultValue: defaultValue)
    }

    static func == (a: Self, b: Self) -> Bool { a.id == b.id && a.named?.name == b.named?.name }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(id))
        hasher.combine(named?.name)
    }

    func defaultValue(in d: ViewDimensions) -> CGFloat { named?.defaultValue(d) ?? id.defaultValue(in: d) }

    /// A guide made at run time: its name and its default value.
    final class NamedGuide: Sendable {
        let name: String
        let defaultValue: @Sendable (ViewDimensions) -> CGFloat

        init(name: String, defaultValue: @escaping @Sendable (ViewDimensions) -> CGFloat) {
            self.name = name
            self.defaultValue = defaultValue
        }
    }
}

/// Either kind of guide, so the engine can handle both with one code path.
enum AnyGuide: Equatable, Sendable {
    case horizontal(HorizontalAlignment)
    case vertical(VerticalAlignment)

    var axis: Axis {
        if case .horizontal = self { return .horizontal }
        return .vertical
    }

    /// 0 for the first text baseline, 1 for the last, `nil` for other guides.
    var baselineIndex: Int? {
        guard case .vertical(let g) = self else { return nil }
        if g.id == FirstTextBaselineID.self { return 0 }
        if g.id == LastTextBaselineID.self { return 1 }
        return nil
    }

    var merge: GuideMerge {
        switch self {
        case .horizontal(let g): g.merge
        case .vertical(let g): g.merge
        }
    }

    func defaultValue(in d: ViewDimensions) -> CGFloat {
        switch self {
        case .horizontal(let g): g.defaultValue(in: d)
        case .vertical(let g): g.defaultValue(in: d)
        }
    }

    /// Combines explicit values by the guide's rule; `nil` when there are none.
    func merged(_ values: [CGFloat]) -> CGFloat? {
        guard let first = values.first else { return nil }
        switch merge {
        case .minimum: return values.min()
        case .maximum: return values.max()
        case .average: return values.count == 1 ? first : values.reduce(0, +) / CGFloat(values.count)
        }
    }
}
