#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import PlistKit

/// Where each input of a batch is written, checked whole before anything is written.
///
/// A batch whose outputs collide would lose files whichever order it ran in: two inputs
/// written to one output leave only one result (and with `--jobs`, a race decides which),
/// and an output that replaces another input destroys that input, possibly before it is
/// read. Paths are compared as the writers will reach them: symbolic links resolved (an
/// atomic write replaces the file a link points to), `.` and `..` taken away.
///
/// Nor does a batch write through a symbolic link out of the directories it was given: an
/// output under `--output-dir` must lead to a file under it, and the output of a file found
/// in a tree (`-e`, `--in-place`) to a file in the trees given; an input whose output would
/// leave them is skipped and reported, as ``FileTree`` skips links that lead out.
struct OutputPlan {
    /// For each input left alone, why, as a sentence without the file's name; `nil` for the
    /// others. By the input's index.
    let skips: [String?]

    /// Checks `outputs[i]` (`-` for standard output) as the output of `inputs[i]`; the caller
    /// writes each input's result where `outputs` says, unless ``skips`` holds a reason.
    ///
    /// - Throws: ``CommandError`` (usage, exit 64) naming each input whose output another
    ///   input also writes, or whose output would replace another input.
    init(_ inputs: [FileTree.Input], outputs: [String], outputDirectory: String?, spec: CommandSpec) throws {
        // The trees given, each once (their inputs come one tree after another).
        var trees: [String] = []
        for tree in inputs.lazy.compactMap(\.tree) where trees.last != tree && !trees.contains(tree) {
            trees.append(tree)
        }
        let directory = outputDirectory.map(Self.resolvedPath)
        var skips = [String?](repeating: nil, count: inputs.count)
        var writes: [(input: String, output: String)] = []
        for (index, (input, output)) in zip(inputs, outputs).enumerated() where input.linkTargetOutside == nil {
            let bounds = directory.map { [$0] } ?? (input.tree == nil ? [] : trees)
            if output != "-" && !bounds.isEmpty {
                let reached = Self.resolvedPath(output)
                if !bounds.contains(where: { FileTree.isWithin(reached, $0) }) {
                    skips[index] = "Its output '\(Self.shown(output))' leads to '\(Self.shown(reached))', outside the directories given; it was skipped."
                    continue
                }
            }
            writes.append((input.path, output))
        }
        // Links that lead out are read by no one, but writing to one would write where it
        // leads: they are protected as inputs are.
        let protected = inputs.filter { $0.linkTargetOutside != nil }.map(\.path)
        let collisions = Self.collisions(writes, protecting: protected)
        if !collisions.isEmpty {
            throw CommandError.usage(
                "Nothing was written: each output must be its input's alone.\n  " + collisions.joined(separator: "\n  "), spec)
        }
        self.skips = skips
    }

    /// The sentences naming each collision, one per input that loses. Reading from standard
    /// input and writing to standard output never collide, and a single path collides with
    /// nothing (its output may be the input itself: `--in-place`).
    private static func collisions(_ writes: [(input: String, output: String)], protecting others: [String]) -> [String] {
        guard writes.count + others.count > 1 else { return [] }
        var sentences: [String] = []
        var firstWriter: [String: String] = [:]  // resolved output -> the input that writes it
        var inputs: [String: String] = [:]       // resolved input -> the input as given
        for input in writes.map(\.input).filter({ $0 != "-" }) + others {
            let resolved = resolvedPath(input)
            if inputs[resolved] == nil { inputs[resolved] = input }
        }
        for write in writes where write.output != "-" {
            let output = resolvedPath(write.output)
            if let earlier = firstWriter[output] {
                sentences.append("'\(shown(earlier))' and '\(shown(write.input))' would both be written to '\(shown(write.output))'.")
                continue
            }
            firstWriter[output] = write.input
            let own = write.input == "-" ? nil : resolvedPath(write.input)
            if output != own, let replaced = inputs[output] {
                sentences.append("'\(shown(write.input))' would be written to '\(shown(write.output))', replacing the input '\(shown(replaced))'.")
            }
        }
        return sentences
    }

    /// Whether the file at `output` exists, is not `input` itself (`-e` with the input's own
    /// extension converts in place), and was modified no earlier than `input` (both through
    /// symbolic links, to the nanosecond): `--update` leaves such an input alone.
    static func isUpToDate(_ output: String, comparedWith input: String) -> Bool {
        var outputInfo = stat(), inputInfo = stat()
        guard input != "-", output != "-", stat(output, &outputInfo) == 0, stat(input, &inputInfo) == 0,
              (outputInfo.st_dev, outputInfo.st_ino) != (inputInfo.st_dev, inputInfo.st_ino) else { return false }
        #if canImport(Darwin)
        let (outputTime, inputTime) = (outputInfo.st_mtimespec, inputInfo.st_mtimespec)
        #else
        let (outputTime, inputTime) = (outputInfo.st_mtim, inputInfo.st_mtim)
        #endif
        return (outputTime.tv_sec, outputTime.tv_nsec) >= (inputTime.tv_sec, inputTime.tv_nsec)
    }

    /// The file a write to `path` reaches, as one absolute spelling: symbolic links resolved,
    /// `.` and `..` taken away. For a path that does not exist yet, its nearest existing
    /// directory is resolved and the rest is taken as written (a `..` there steps back, as
    /// the directories `--output-dir` makes will).
    static func resolvedPath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let components = absolute.split(separator: "/", omittingEmptySubsequences: true)
        // realpath("/") always succeeds, so the loop ends.
        for count in stride(from: components.count, through: 0, by: -1) {
            guard let real = realpath(joinedPath(components[..<count]), nil) else { continue }
            var parts = String(cString: real).split(separator: "/", omittingEmptySubsequences: true)
            free(real)
            for component in components[count...] {
                if component == "." { continue }
                if component == ".." { _ = parts.popLast() } else { parts.append(component) }
            }
            return joinedPath(parts[...])
        }
        return absolute
    }

    /// `/a/b/c` from `a`, `b` and `c`. (The standard library's `joined(separator:)` over
    /// substrings is not specialized here: its first call looks up protocol conformances at
    /// run time, which cost a one-file conversion a quarter of its instructions.)
    private static func joinedPath(_ components: ArraySlice<Substring>) -> String {
        guard !components.isEmpty else { return "/" }
        var path = ""
        for component in components {
            path += "/"
            path += component
        }
        return path
    }

    private static func shown(_ path: String) -> String {
        StringEscaping.singleLine(FileIO.displayName(path))
    }
}
