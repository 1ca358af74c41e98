// LayoutCore: SwiftUI's layout model, headless — propose, measure, place — with every frame
// inspectable. Foundation only (CGFloat/CGSize/CGPoint/CGRect), and the standard library's Observation
// and Synchronization; no text, no C.
//
// | concern | types and functions | file |
// |---|---|---|
// | geometry | `Axis`, `Edge`, `EdgeInsets`, `UnitPoint`, `LayoutDirection` | Geometry.swift |
// | angles and transforms | `Angle`; `CGAffineTransform` and `applying(_:)` where CoreGraphics is missing | Angle.swift |
// | paths with angles and transforms | `Path.addArc(…startAngle: Angle…transform:)`, `Path.applying(_:)` | PathGeometry.swift |
// | proposals | `ProposedViewSize` (normalisation rule: NaN → nil, negative → 0) | ProposedViewSize.swift |
// | guides | `AlignmentID`, `HorizontalAlignment`, `VerticalAlignment`, `Alignment`; merge rules | Alignment.swift |
// | a subview's size and guides | `ViewDimensions` | ViewDimensions.swift |
// | spacing | `ViewSpacing` (per-edge preferences, open categories for text) | ViewSpacing.swift |
// | environment, layout values | `EnvironmentKey`, `EnvironmentValues`, `LayoutValueKey` | Environment.swift |
// | the protocol | `Layout` + defaults, `LayoutProperties`, `callAsFunction` | Layout.swift |
// | what a layout sees | `LayoutSubviews`, `LayoutSubview` | LayoutSubviews.swift |
// | views | `View`, `@ViewBuilder`, `TupleView`, `AnyView`, `EmptyView`, `Group`, `ForEach`, `ViewModifier` | View.swift |
// | state by view identity | `State`, `Binding`, `StateStore` (a tree's), `ViewEvaluation` (identity while bodies run) | State.swift |
// | preferences and actions after a layout | `PreferenceKey`, `preference`/`anchorPreference`, `Anchor`, `onPreferenceChange`, `onGeometryChange`, `onChange`, `onAppear`, `overlayPreferenceValue` | Preferences.swift |
// | the element tree views become | `LeafView` (a leaf that answers proposals), `AnyElement` (package: one engine node) | Element.swift |
// | leaves | `Box`, `Spacer`, `Divider` | Leaves.swift |
// | shapes, colours, drawing | `Shape`, `Rectangle`, `Circle`, …, `Path`, `Color`, `ShapeStyle`, `opacity`, `clipShape`, `border`; the image hook renderers read (`ImageLeaf`) | Shapes.swift, Path.swift, Color.swift, Drawing.swift |
// | styles beyond colours | `.link`, `.fill` and levels, materials, gradients (styles and views), `ResolvedPaint` for renderers | ShapeStyles.swift |
// | asset catalogs | image sets and colour sets of `.xcassets` folders; `EnvironmentValues.mainBundle` | AssetCatalog.swift |
// | modifiers | padding, frame (fixed, flexible), fixedSize, offset, layoutPriority, layoutValue, alignmentGuide, environment, id | Modifiers.swift |
// | a secondary view in the modified one's size; the ZStack rule both share | overlay, background, `DepthStacking` | Overlay.swift |
// | where (or whether) a child is drawn | position, aspectRatio, hidden | Placement.swift |
// | a view built from its size | `GeometryReader`, `GeometryProxy`, `CoordinateSpace` | GeometryReader.swift |
// | devices: screens, safe-area insets, display scale, idiom; the presets, each value cited | `Device`, `DeviceIdiom`, `EnvironmentValues.deviceIdiom` | Device.swift, Device+Presets.swift |
// | laying out on a device: the root is the screen, the view in its safe area; `ignoresSafeArea`; the pixel grid | `View.layout(on:orientation:environment:)`, `LayoutTree.layout(on:orientation:)`, `SafeAreaRegions` | SafeArea.swift |
// | reading the environment in a body | `@Environment`, `EnvironmentValues.current` (task-local) | EnvironmentProperty.swift |
// | measuring from UIKit code | `UIHostingController` (`sizeThatFits(in:)`), `UIView`'s fitting sizes | HostingController.swift |
// | `@Observable` models in views (Observation, the toolchain's) | `environment(_ object:)`, `@Environment(Model.self)`, `@Bindable` | ObservableObjects.swift |
// | the engine | `LayoutTree`: build → measure (memo, checks) → place (mirror RTL) → baselines → actions (rebuild while they change state) | LayoutTree.swift |
// | results and diagnostics | `LayoutResult`, `PlacedElement`, `LayoutDiagnostic`, `LeafDiagnostic` (what a `DiagnosingLeaf` reports) | LayoutResult.swift |
// | how each text fits, when asked: lines, cut, scale, clipped, overlapping, source line | `LayoutResult.texts`/`findings`, `PlacedText` (what a `FitReportingLeaf` reports, completed from the frames) | PlacedText.swift |
//
// Containers (stacks, flow, ViewThatFits, AnyLayout) live in the `Layouts` module.
