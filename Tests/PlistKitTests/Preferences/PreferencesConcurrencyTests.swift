import Foundation
import PlistKit
import Testing

/// Several processes writing one domain, and writers killed in the middle of a write.
///
/// The writing processes are this test binary itself, run again with a filter that selects
/// ``PreferencesWorker`` and its instructions in the environment: a process per writer without
/// a helper executable, and without thousands of process launches (each write in its own
/// `plist-inspect` process would take a minute; DefaultsTests runs a smaller version so).
@Suite struct PreferencesConcurrencyTests {
    @Test func eightProcessesWritingDistinctKeysLoseNothing() throws {
        let directory = try PreferencesScratch.directory()
        let workers = try (0..<8).map { index in
            try PreferencesWorkerProcess.start(directory: directory, job: "write", prefix: "w\(index)-", count: 250)
        }
        for worker in workers { try worker.finish() }
        let domain = try PreferencesStore(directory: directory.path).domain(named: PreferencesWorker.domainName)
        let values = try domain.storedValues()
        #expect(values.count == 2000)
        for index in 0..<8 {
            for i in 0..<250 where values["w\(index)-\(i)"] != .integer(PlistInteger(Int64(i))) {
                Issue.record("w\(index)-\(i) is \(String(describing: values["w\(index)-\(i)"]))")
            }
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: domain.path))
        #expect(PlistFormat(detecting: bytes) == .binary)
        #expect(try PlistValue(decoding: bytes).count == 2000)
        #expect(try PreferencesScratch.temporaryFiles(in: directory).isEmpty)
    }

    @Test func aWriterKilledInTheMiddleOfAWriteLeavesTheOldFile() throws {
        let directory = try PreferencesScratch.directory()
        let domain = try PreferencesStore(directory: directory.path).domain(named: PreferencesWorker.domainName)
        try domain.set("before", forKey: "state")
        let before = try Data(contentsOf: URL(fileURLWithPath: domain.path))
        // The atomic writer's test hook holds the writer after its temporary file is written
        // and synced, before the rename: the kill lands in the middle of the write.
        let worker = try PreferencesWorkerProcess.start(
            directory: directory, job: "write", prefix: "k", count: 1, environment: ["PLISTKIT_ATOMIC_WRITE_PAUSE": "30"])
        // Until the temporary file is there, or the writer ended without making one.
        while try PreferencesScratch.temporaryFiles(in: directory).isEmpty, worker.process.isRunning { usleep(10_000) }
        #expect(try PreferencesScratch.temporaryFiles(in: directory).count == 1)
        worker.kill()
        #expect(try Data(contentsOf: URL(fileURLWithPath: domain.path)) == before)
        #expect(try domain.storedValues() == ["state": "before"])
        // The next write, under the lock, removes what the killed writer left.
        try domain.set("after", forKey: "state")
        #expect(try PreferencesScratch.temporaryFiles(in: directory).isEmpty)
        #expect(try domain.storedValues() == ["state": "after"])
    }

    @Test func writersKilledAtRandomMomentsLeaveOldOrNewNeverPartial() throws {
        let directory = try PreferencesScratch.directory()
        let domain = try PreferencesStore(directory: directory.path).domain(named: PreferencesWorker.domainName)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<4 {
            let written = try domain.storedValues().count
            let worker = try PreferencesWorkerProcess.start(directory: directory, job: "write", prefix: "k", count: 100_000, first: written)
            usleep(UInt32.random(in: 150_000...400_000, using: &generator))
            worker.kill()
            // Each write adds the next key, so any whole file holds k0 ..< kN, nothing else.
            let values = try domain.storedValues()
            #expect(values.count >= written)
            #expect(Set(values.keys) == Set((0..<values.count).map { "k\($0)" }))
        }
        try domain.set(0, forKey: "k0")
        #expect(try PreferencesScratch.temporaryFiles(in: directory).isEmpty)
    }
}

/// One writing process (see ``PreferencesConcurrencyTests``); its body is ``PreferencesWorker``.
struct PreferencesWorkerProcess {
    let process: Process
    let output: Pipe

    /// Starts a process that writes `count` keys `prefix + n` (n from `first`) with the value
    /// n, one locked write each, into the shared domain of `directory`.
    static func start(
        directory: URL, job: String, prefix: String, count: Int, first: Int = 0, environment: [String: String] = [:]
    ) throws -> PreferencesWorkerProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--testing-library", "swift-testing", "--filter", "PreferencesWorker"]
        var variables = ProcessInfo.processInfo.environment
        variables[PreferencesWorker.environmentKey] = [directory.path, job, prefix, String(count), String(first)].joined(separator: "\n")
        for (key, value) in environment { variables[key] = value }
        process.environment = variables
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return PreferencesWorkerProcess(process: process, output: output)
    }

    /// Waits for the process and fails the test with its output when it failed.
    func finish() throws {
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
    }

    /// Kills the process with SIGKILL and waits for it.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
    }
}

/// The body of a writing process: skipped unless ``PreferencesWorkerProcess`` started this
/// process.
@Suite struct PreferencesWorker {
    static let domainName = "com.example.shared"
    static let environmentKey = "PLISTKIT_PREFERENCES_WORKER"

    static var instructions: [String]? {
        ProcessInfo.processInfo.environment[environmentKey]?.components(separatedBy: "\n")
    }

    @Test(.enabled(if: instructions != nil, "runs only in a process PreferencesConcurrencyTests starts"))
    func writeKeysAsOneOfSeveralProcesses() throws {
        let parts = try #require(Self.instructions)
        let (directory, prefix) = (parts[0], parts[2])
        let (count, first) = (try #require(Int(parts[3])), try #require(Int(parts[4])))
        let domain = try PreferencesStore(directory: directory).domain(named: Self.domainName)
        for n in first..<(first + count) {
            try domain.set(n, forKey: "\(prefix)\(n)")
        }
    }
}
