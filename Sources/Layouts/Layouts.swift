// Layouts: concrete containers written against LayoutCore's `Layout` protocol, as a user would
// write them for SwiftUI. Each sees one node and its direct subviews, never the whole tree.
//
// | container | type | algorithm | file |
// |---|---|---|---|
// | horizontal / vertical stack | `HStackLayout`, `VStackLayout` | `StackDistribution.distribute` (SwiftUI's priority groups, least flexible first) | Stacks.swift |
// | overlay | `ZStackLayout` | every child the same proposal, aligned; the union | Stacks.swift |
// | first that fits | `ViewThatFits` | first child whose ideal size fits on the chosen axes, else the last | ViewThatFits.swift |
// | type-erased layout | `AnyLayout` | forwards to the wrapped layout; cache kept per layout type | AnyLayout.swift |
// | tag flow | `FlowLayout` (+ `startsNewRow()`, `FlowOverflowIndicator`) | one row plan per proposal: `planRows` → `greedyRows` / `balance` / `truncate` → `stack` | FlowLayout.swift, FlowLayout+Rows.swift |
// | equal widths | `EqualWidthHStack`, `EqualWidthVStack` | every subview the widest ideal width and tallest ideal height (`EqualCells`), system spacing | EqualWidthStacks.swift |
// | radial | `RadialLayout` | subviews on a circle, ordered by `RadialRank` | RadialLayout.swift |
// | grid | `Grid`, `GridRow` → `GridLayout` (+ `gridCellColumns`, `gridColumnAlignment`) | `columnWidths` (widest cell, spans, flexible columns share the rest) → `rowMetrics` (row guide) → place | Grid.swift |
