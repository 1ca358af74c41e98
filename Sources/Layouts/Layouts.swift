// Layouts: concrete containers written against LayoutCore's `Layout` protocol, as a user would
// write them for SwiftUI. Each sees one node and its direct subviews, never the whole tree.
//
// | container | type | algorithm |
// |---|---|---|
// | horizontal / vertical stack | `HStackLayout`, `VStackLayout` | `StackDistribution.distribute` (SwiftUI's priority groups, least flexible first) |
// | overlay | `ZStackLayout` | every child the same proposal, aligned; the union |
// | first that fits | `ViewThatFits` | first child whose ideal size fits on the chosen axes, else the last |
// | type-erased layout | `AnyLayout` | forwards to the wrapped layout; cache kept per layout type |
// | tag flow | `FlowLayout` | greedy lines over cached ideal sizes (`FlowLayout.breakLines`) |
// | equal widths | `EqualWidthHStack` | every subview the widest ideal width, system spacing |
// | radial | `RadialLayout` | subviews on a circle, ordered by `RadialRank` |
