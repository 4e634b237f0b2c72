extension PlistGraph {
    /// Marks every edge whose two ends lie in one strongly connected component (a self-loop
    /// included): exactly the edges that lie on some cycle of references.
    ///
    /// Tarjan's algorithm with an explicit stack, so a chain of any length costs no stack
    /// depth. Complexity: O(n + e).
    mutating func markCycles() {
        let count = nodes.count
        guard count > 0, !edges.isEmpty else { return }
        var successors = [[Int]](repeating: [], count: count)
        for edge in edges where edge.from < count && edge.to < count {
            successors[edge.from].append(edge.to)
        }
        let unvisited = -1
        var order = [Int](repeating: unvisited, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var component = [Int](repeating: unvisited, count: count)
        var stack: [Int] = []
        var counter = 0, components = 0
        // (node, position of the next successor to look at)
        var work: [(node: Int, next: Int)] = []
        for root in 0..<count where order[root] == unvisited {
            work.append((root, 0))
            order[root] = counter
            lowLink[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let (node, next) = work.last {
                if next < successors[node].count {
                    work[work.count - 1].next += 1
                    let successor = successors[node][next]
                    if order[successor] == unvisited {
                        order[successor] = counter
                        lowLink[successor] = counter
                        counter += 1
                        stack.append(successor)
                        onStack[successor] = true
                        work.append((successor, 0))
                    } else if onStack[successor] {
                        lowLink[node] = Swift.min(lowLink[node], order[successor])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node { lowLink[parent] = Swift.min(lowLink[parent], lowLink[node]) }
                guard lowLink[node] == order[node] else { continue }
                while let member = stack.popLast() {
                    onStack[member] = false
                    component[member] = components
                    if member == node { break }
                }
                components += 1
            }
        }
        for position in edges.indices {
            let edge = edges[position]
            guard edge.from < count, edge.to < count else { continue }
            edges[position].isInCycle = component[edge.from] == component[edge.to]
        }
    }
}
