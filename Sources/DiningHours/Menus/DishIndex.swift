/// The menus of a `MenuBook` with every dish's name folded once (`NameKey`): venued asks it at every round of
/// pushes, where folding each name for each follower and round would cost more than the round.
public struct DishIndex: Sendable {
    struct Dish: Sendable {
        let key: NameKey
        let name: String
    }

    public let menus: [Menu]
    /// Each menu's dishes, a name listed at two stations once.
    let dishes: [[Dish]]

    public init(_ book: MenuBook) {
        menus = book.menus
        dishes = book.menus.map { menu in
            var seen: Set<String> = []
            return menu.stations.flatMap(\.items).compactMap { item in
                let key = NameKey(item.name)
                return seen.insert(key.text).inserted ? Dish(key: key, name: item.name) : nil
            }
        }
    }

    public static let empty = DishIndex(MenuBook([]))

    /// One index of several (venued keeps one per date), ordered as a book's, without folding a name again.
    public init(merging indexes: [DishIndex]) {
        let pairs = indexes.flatMap { zip($0.menus, $0.dishes) }
            .sorted { MenuBook.order($0.0, $1.0) }
        menus = pairs.map(\.0)
        dishes = pairs.map(\.1)
    }
}
