import Foundation

/// Runs work on a thread with a 64 MiB stack and waits for it, for tests that recurse deeper
/// than a test task's stack allows (readers and writers with their depth limit raised). The
/// wait has no deadline: work that could run away runs in an ``IsolatedRun`` child instead,
/// whose processor-time cap ends it.
enum LargeStack {
    static func run<T>(_ work: @escaping () -> T) -> T {
        let box = LargeStackBox<T>()
        nonisolated(unsafe) let work = work
        let thread = Thread {
            box.result = work()
            box.done.signal()
        }
        thread.stackSize = 64 << 20
        thread.start()
        box.done.wait()
        return box.result!
    }

    /// Runs throwing work, giving back its value or its error.
    static func result<T>(_ work: @escaping () throws -> T) -> Result<T, any Error> {
        run { Result { try work() } }
    }
}

/// The hand-off between the worker thread and the waiting one; the semaphore orders the write
/// of `result` before its read.
private final class LargeStackBox<T>: @unchecked Sendable {
    var result: T?
    let done = DispatchSemaphore(value: 0)
}
