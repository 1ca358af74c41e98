import Foundation
import LayoutCore
import TextLayout

// What several controls read: the control size, hidden labels, and the small drawn glyphs iOS puts
// beside labels (chevrons, checkmarks) — drawn with paths, sized from IOSMetrics and scaled with
// `.body` as SF Symbols in body text scale.

/// The size of controls: `mini`, `small`, `regular` (the default), `large`, `extraLarge`.
public enum ControlSize: Sendable, Hashable, CaseIterable {
    /// The sizes of controls, smallest first; iOS lays out `regular`.
    case mini, small, regular, large, extraLarge
}

private struct ControlSizeKey: EnvironmentKey { static let defaultValue: ControlSize = .regular }
private struct LabelsHiddenKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// The size of controls inside (`controlSize(_:)`).
    public var controlSize: ControlSize {
        get { self[ControlSizeKey.self] }
        set { self[ControlSizeKey.self] = newValue }
    }

    /// Whether controls inside hide their labels (`labelsHidden()`).
    var labelsHidden: Bool {
        get { self[LabelsHiddenKey.self] }
        set { self[LabelsHiddenKey.self] = newValue }
    }
}

extension View {
    /// Sets the size of controls inside (bordered buttons follow it).
    public func controlSize(_ controlSize: ControlSize) -> some View {
        environment(\.controlSize, controlSize)
    }

    /// Hides the labels of toggles, pickers, steppers and text fields inside (they still name the
    /// control for accessibility): the control alone is laid out.
    public func labelsHidden() -> some View {
        environment(\.labelsHidden, true)
    }
}

/// How much a glyph that follows `.body` is scaled at `size` (1 at `.large`).
func bodyScale(_ environment: EnvironmentValues) -> CGFloat {
    CGFloat(Font.body.pointSize(at: environment.dynamicTypeSize) / Font.body.pointSize(at: .large))
}

/// A chevron pointing to the trailing side (`>`), stroked in its frame.
struct ChevronShape: Shape {
    enum Direction: Sendable { case forward, down, upDown }
    var direction: Direction = .forward

    func path(in rect: CGRect) -> Path {
        var path = Path()
        switch direction {
        case .forward:
            path.move(to: CGPoint(x: rect.minX, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.midY))
            path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        case .down:
            path.move(to: CGPoint(x: rect.minX, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.midX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        case .upDown:
            path.move(to: CGPoint(x: rect.minX, y: rect.minY + rect.height * 0.35))
            path.addLine(to: CGPoint(x: rect.midX, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.minY + rect.height * 0.35))
            path.move(to: CGPoint(x: rect.minX, y: rect.maxY - rect.height * 0.35))
            path.addLine(to: CGPoint(x: rect.midX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - rect.height * 0.35))
        }
        return path
    }
}

/// A checkmark, stroked in its frame.
struct CheckmarkShape: Shape {
    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: rect.minX, y: rect.minY + rect.height * 0.55))
        path.addLine(to: CGPoint(x: rect.minX + rect.width * 0.38, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        return path
    }
}

/// The disclosure chevron of a navigation row: `IOSMetrics.chevronSize` scaled with `.body`, in the
/// tertiary label colour.
struct DisclosureChevron: View {
    @Environment(\.self) private var environment
    var direction: ChevronShape.Direction = .forward
    var color: Color = IOSMetrics.chevronColor

    var body: some View {
        let scale = bodyScale(environment)
        let size = direction == .forward ? IOSMetrics.chevronSize
            : CGSize(width: IOSMetrics.chevronSize.height, height: IOSMetrics.chevronSize.width)
        ChevronShape(direction: direction)
            .stroke(color, lineWidth: 2 * scale)
            .frame(width: size.width * scale, height: size.height * scale)
    }
}

/// The up-and-down chevrons of a menu picker: `IOSMetrics.chevronSize` turned, scaled with `.body`.
struct MenuChevrons: View {
    @Environment(\.self) private var environment
    var color: Color

    var body: some View {
        let scale = bodyScale(environment)
        ChevronShape(direction: .upDown)
            .stroke(color, lineWidth: 1.5 * scale)
            .frame(width: 8 * scale, height: IOSMetrics.chevronSize.height * scale)
    }
}

/// The checkmark of a selected inline-picker row, in the tint.
struct SelectionCheckmark: View {
    @Environment(\.self) private var environment

    var body: some View {
        let scale = bodyScale(environment)
        CheckmarkShape()
            .stroke(.tint, lineWidth: 2 * scale)
            .frame(width: IOSMetrics.checkmarkSize.width * scale, height: IOSMetrics.checkmarkSize.height * scale)
    }
}
