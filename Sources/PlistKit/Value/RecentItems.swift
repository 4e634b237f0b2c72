/// The last few items a reader or writer met, the oldest replaced first: the caches of
/// recent key lists (the XML reader's and binary reader's shared key arrays, the XML writer's
/// sorted key orders), which records of one model keep meeting again.
struct RecentItems<Item> {
    /// The items kept, in no particular order.
    private(set) var items: [Item] = []
    /// Where the next item goes once the list is full.
    private var next = 0
    private let capacity: Int

    /// An empty list that keeps at most `capacity` items.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Keeps `item`, replacing the oldest when the list is full.
    mutating func insert(_ item: Item) {
        if items.count < capacity {
            // The whole list at once: growing it one item at a time reallocated it three
            // times for every small document.
            if items.isEmpty { items.reserveCapacity(capacity) }
            items.append(item)
        } else {
            items[next] = item
            next = (next + 1) % capacity
        }
    }

    /// Puts `item` in the place of the item at `index` of ``items``.
    mutating func replace(at index: Int, with item: Item) {
        items[index] = item
    }
}
