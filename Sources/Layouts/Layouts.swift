// Layouts: concrete containers written against LayoutCore's `Layout` protocol, as a user would
// write them for SwiftUI. Each sees one node and its direct subviews, never the whole tree.
//
// | container | type | algorithm | file |
// |---|---|---|---|
// | horizontal / vertical stack | `HStackLayout`, `VStackLayout` | `StackDistribution.distribute` (SwiftUI's priority groups, least flexible first; placed at the stack's own cross length) | Stacks.swift |
// | depth | `ZStackLayout` | the highest-priority children size it; every child placed at its size, aligned | Stacks.swift |
// | first that fits | `ViewThatFits` | first child whose ideal size fits on the chosen axes, else the last | ViewThatFits.swift |
// | type-erased layout | `AnyLayout` | forwards to the wrapped layout; cache kept per layout type | AnyLayout.swift |
// | tag flow | `FlowLayout` (+ `startsNewRow()`, `FlowOverflowIndicator`) | one row plan per proposal: `planRows` → `greedyRows` / `balance` / `truncate` → `stack` | FlowLayout.swift, FlowLayout+Rows.swift |
// | equal widths | `EqualWidthHStack`, `EqualWidthVStack` | every subview the widest ideal width and tallest ideal height (`EqualCells`), system spacing | EqualWidthStacks.swift |
// | radial | `RadialLayout` | subviews on a circle, ordered by `RadialRank` | RadialLayout.swift |
// | lazy grids | `LazyVGrid`, `LazyHGrid`, `GridItem` → `LazyGridLayout` | `LazyGridTracks.resolve` (fixed first, then shares in order; adaptive sub-columns) for the size, again for the given width to place; rows as tall as their tallest cell | LazyGrids.swift |
// | scroll view | `ScrollView` → `ScrollViewLayout` (+ `ScrollViewReader`, scrolling modifiers, accepted) | content proposed `nil` along the axes; the proposal along them, the content across; clipped | ScrollView.swift |
// | grid | `Grid`, `GridRow` → `GridLayout` (+ `gridCellColumns`, `gridColumnAlignment`, `gridCellAnchor`, `gridCellUnsizedAxes`) | `extremes` (each cell at 0 × 0 and ∞ × ∞: the order) → `solve` (ideal sizes, or shares and commits in that order) → place (anchors, column and row guides) | Grid.swift |
