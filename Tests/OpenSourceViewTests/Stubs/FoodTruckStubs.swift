// Stand-ins for the Food Truck types the fixtures use but do not contain (Fixtures/FoodTruck/ORIGIN.md).
// Written here, not copied: the app's own declarations (App/Navigation/Sidebar.swift,
// App/Truck/TruckView.swift) have these names and shapes; `Panel`'s other cases need FoodTruckKit.
import SwiftUI

/// The sidebar's panels (App/Navigation/Sidebar.swift), without `city(City.ID)`.
enum Panel: Hashable {
    case truck, socialFeed, orders, salesHistory, donuts, donutEditor, topFive
}

/// How a truck card's header navigates (App/Truck/TruckView.swift), as the app declares it.
enum TruckCardHeaderNavigation {
    case navigationLink
    case selection(Binding<Panel?>)
}
