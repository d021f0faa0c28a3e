/// Every dish's name folded once: venued asks at every round of pushes, where folding each time would cost more.
public struct DishIndex: Sendable {
    public let menus: [Menu]
    let dishes: [[(key: NameKey, name: String)]]

    public init(_ book: MenuBook) {
        menus = book.menus
        dishes = book.menus.map { menu in
            var seen: Set<String> = []
            return menu.stations.flatMap(\.items).compactMap { item in
                let key = NameKey(item.name)
                return seen.insert(key.text).inserted ? (key, item.name) : nil
            }
        }
    }

    public static let empty = DishIndex(MenuBook([]))

    public init(merging indexes: [DishIndex]) {
        let pairs = indexes.flatMap { zip($0.menus, $0.dishes) }.sorted { MenuBook.order($0.0, $1.0) }
        (menus, dishes) = (pairs.map(\.0), pairs.map(\.1))
    }
}
