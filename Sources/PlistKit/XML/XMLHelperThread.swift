#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Work run on a thread of its own while the thread that started it does other work, until
/// ``join()``: the XML writer renders half of a large container this way.
///
/// The work must touch nothing the starting thread changes before ``join()`` (it may read what
/// both only read), and must not outlive the data it reads: the starting thread joins before
/// it lets go of that data, on every path. When no thread can be started, the work runs in
/// ``join()`` instead, on the calling thread, with the same result.
final class XMLHelperThread {
    private var thread = pthread_t()
    private var isRunning = false
    private var work: (() -> Void)?

    /// Starts `work` on a new thread.
    init(_ work: @escaping () -> Void) {
        self.work = work
        let argument = Unmanaged.passRetained(self).toOpaque()
        if pthread_create(&thread, nil, XMLHelperThread.entry, argument) == 0 {
            isRunning = true
        } else {
            Unmanaged<XMLHelperThread>.fromOpaque(argument).release()
        }
    }

    /// Waits for the work to end (runs it here if no thread could be started).
    func join() {
        if isRunning {
            pthread_join(thread, nil)
            isRunning = false
        } else if let work {
            self.work = nil
            work()
        }
    }

    /// The thread's entry point; its argument is a retained ``XMLHelperThread``.
    private static let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { argument in
        guard let argument else { return nil }
        let helper = Unmanaged<XMLHelperThread>.fromOpaque(argument).takeRetainedValue()
        let work = helper.work
        helper.work = nil
        work?()
        return nil
    }
}
