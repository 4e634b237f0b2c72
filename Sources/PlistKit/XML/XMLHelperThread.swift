#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Work run on a thread of its own while the thread that started it does other work, until
/// ``join()``: half of a large container the XML writer splits.
///
/// The work must touch nothing the starting thread changes before ``join()`` (it may read what
/// both only read, and hand things over through a synchronized queue), and must not outlive
/// the data it reads: the starting thread joins before it lets go of that data, on every path.
final class XMLHelperThread {
    private var thread = pthread_t()
    /// The work, until the new thread takes it.
    private var work: (() -> Void)?

    private init(_ work: @escaping () -> Void) {
        self.work = work
    }

    /// Starts `work` on a new thread; `nil` (and the work not run) when no thread can be
    /// started, for the caller to do it another way.
    static func start(_ work: @escaping () -> Void) -> XMLHelperThread? {
        let helper = XMLHelperThread(work)
        // The new thread owns one reference until its work is done.
        let argument = Unmanaged.passRetained(helper).toOpaque()
        guard pthread_create(&helper.thread, nil, entry, argument) == 0 else {
            Unmanaged<XMLHelperThread>.fromOpaque(argument).release()
            return nil
        }
        return helper
    }

    /// Waits for the work to end. Call it exactly once.
    func join() {
        pthread_join(thread, nil)
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

extension XMLSAXParser {
    /// Whether the machine has more than one processor online, so that the XML writer's split
    /// containers' two threads can run at once.
    static let hasSecondProcessor: Bool = sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1
}
