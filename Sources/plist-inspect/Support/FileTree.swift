import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The inputs of a batch: the files given, and with `--recursive` the files under the
/// directories given, filtered by `--include` and `--exclude` globs.
///
/// A walk never leaves the trees it was given: a symbolic link to a directory is not
/// followed (so a tree cannot loop either), and a symbolic link to a file outside every tree
/// given is an input the batch skips and reports (``Input/linkTargetOutside``), so that
/// `--in-place` cannot rewrite, and `--output-dir` cannot copy out, a file the trees only
/// point to. A file named on the command line is the user's choice and is followed.
struct FileTree {
    /// One input: its path, and for a file found under a directory argument, its path below
    /// that directory (what `--output-dir` mirrors).
    struct Input: Sendable {
        var path: String
        var relativePath: String
        /// For a file found in a tree, the tree's directory with its symbolic links resolved.
        var tree: String? = nil
        /// For a symbolic link found in a tree that leads to a file outside every tree given,
        /// where it leads: the batch skips it.
        var linkTargetOutside: String? = nil
    }

    /// The options of the batch subcommands that take directories.
    static let options: [CommandSpec.Option] = [
        .init(["-R", "--recursive"], help: "Take the files under each directory given, at any depth."),
        .init(["--include"], value: "glob", help: "With --recursive, only files whose path below the directory or name matches (repeatable).", repeatable: true),
        .init(["--exclude"], value: "glob", help: "With --recursive, skip files whose path below the directory or name matches (repeatable).", repeatable: true),
    ]

    /// How deep a walk goes: deeper trees are a loop made of bind mounts or a hostile tree.
    static let maximumDepth = 256

    let recursive: Bool
    let include: [String]
    let exclude: [String]

    init(_ arguments: ParsedArguments) {
        recursive = arguments.flag("--recursive")
        include = arguments.allValues("--include")
        exclude = arguments.allValues("--exclude")
    }

    /// The inputs named by `arguments`, in the order given, each directory's files sorted by
    /// path. Symbolic links to directories are not followed, so a walk cannot loop.
    ///
    /// - Throws: ``CommandError`` (usage) for a directory given without `--recursive`, or for
    ///   `--include`/`--exclude` without it; exit 66 for a directory that cannot be read.
    func inputs(_ arguments: [String], spec: CommandSpec) throws -> [Input] {
        if !recursive && !(include.isEmpty && exclude.isEmpty) {
            throw CommandError.usage("--include and --exclude choose files under directories: add --recursive.", spec)
        }
        var inputs: [Input] = []
        let trees = arguments.filter { $0 != "-" && Self.isDirectory($0, followingLinks: true) }.map(OutputPlan.resolvedPath)
        for argument in arguments {
            guard argument != "-", Self.isDirectory(argument, followingLinks: true) else {
                inputs.append(Input(path: argument, relativePath: FileIO.fileName(of: argument)))
                continue
            }
            guard recursive else {
                throw CommandError.usage("'\(argument)' is a directory; --recursive takes the files under it.", spec)
            }
            inputs += try walk(argument, trees: trees)
        }
        return inputs
    }

    /// Whether `path` (resolved) is `directory` (resolved) or lies under it.
    static func isWithin(_ path: String, _ directory: String) -> Bool {
        path == directory || path.hasPrefix(directory.hasSuffix("/") ? directory : directory + "/")
    }

    /// The selected regular files under `root`, and the links to regular files (see
    /// ``Input/linkTargetOutside`` for those that lead outside `trees`).
    private func walk(_ root: String, trees: [String]) throws -> [Input] {
        let tree = OutputPlan.resolvedPath(root)
        var found: [Input] = []
        var pending: [(path: String, relative: String, depth: Int)] = [(root, "", 0)]
        while let directory = pending.popLast() {
            guard directory.depth < Self.maximumDepth else {
                throw CommandError("'\(directory.path)' is more than \(Self.maximumDepth) directories deep.", exitCode: .noInput)
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            } catch {
                throw CommandError("Cannot read the directory '\(directory.path)'.", exitCode: .noInput)
            }
            for name in names {
                let path = directory.path.hasSuffix("/") ? directory.path + name : directory.path + "/" + name
                let relative = directory.relative.isEmpty ? name : directory.relative + "/" + name
                if Self.isDirectory(path, followingLinks: false) {
                    pending.append((path, relative, directory.depth + 1))
                } else if Self.isRegularFile(path), isSelected(relative) {
                    var input = Input(path: path, relativePath: relative, tree: tree)
                    if Self.isSymbolicLink(path) {
                        let target = OutputPlan.resolvedPath(path)
                        if !trees.contains(where: { Self.isWithin(target, $0) }) { input.linkTargetOutside = target }
                    }
                    found.append(input)
                }
            }
        }
        // In the order of their paths, whatever order the walk met them in.
        return found.sorted { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
    }

    /// `directory/relative`, without making anything.
    static func path(under directory: String, for relative: String) -> String {
        directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }

    /// Makes the directories that lead to `path` (as `mkdir -p` does).
    ///
    /// - Throws: ``CommandError`` with exit 74 when a directory cannot be made.
    static func makeParentDirectory(of path: String) throws {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let parent = String(path[..<slash])
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw CommandError("Cannot make the directory '\(parent)'.", exitCode: .ioError)
        }
    }

    /// Whether a file at `relative` below its directory passes the globs: it matches an
    /// include (when there are any) and no exclude, by its relative path or its name.
    func isSelected(_ relative: String) -> Bool {
        let name = FileIO.fileName(of: relative)
        func matches(_ glob: String) -> Bool {
            fnmatch(glob, relative, FNM_PATHNAME | FNM_PERIOD) == 0 || fnmatch(glob, name, FNM_PERIOD) == 0
        }
        if !include.isEmpty && !include.contains(where: matches) { return false }
        return !exclude.contains(where: matches)
    }

    private static func isDirectory(_ path: String, followingLinks: Bool) -> Bool {
        var info = stat()
        let status = followingLinks ? stat(path, &info) : lstat(path, &info)
        return status == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
