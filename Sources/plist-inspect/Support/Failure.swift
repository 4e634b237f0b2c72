import PlistKit

/// Maps library errors to the tool's messages and exit statuses.
enum Failure {
    /// The exit status for a PlistKit error: bad data 65, a failed lookup or edit 1, a bad
    /// argument 64.
    static func exitCode(for code: PlistError.Code) -> ExitCode {
        switch code {
        case .corruptData, .unknownFormat, .unsupportedFormat, .limitExceeded, .unrepresentableValue, .lossyConversion:
            return .dataError
        case .keyPathNotFound, .keyPathTypeMismatch, .invalidEdit:
            return .failure
        case .invalidArgument:
            return .usage
        }
    }

    /// Turns any error into a ``CommandError``, prefixing `file` to data errors.
    static func wrap(_ error: Error, file: String? = nil) -> CommandError {
        if let error = error as? CommandError { return error }
        let prefix = file.map { "\(FileIO.displayName($0)): " } ?? ""
        if let error = error as? PlistError {
            // Messages may quote the input; keep each one on one line.
            let description = StringEscaping.singleLine(error.description)
            return CommandError(prefix + description, exitCode: exitCode(for: error.code), fileProblem: description)
        }
        if let error = error as? KeyedArchiveError {
            // Refusing a class the user's allow-list leaves out is a failed check; anything
            // else is an archive that cannot be read.
            let description = StringEscaping.singleLine(error.description)
            return CommandError(
                prefix + description, exitCode: error.code == .classNotAllowed ? .failure : .dataError,
                fileProblem: description)
        }
        if let error = error as? InfoPlistError {
            // Settings that are not defined are a failed check (the settings given lack them);
            // anything else is input that cannot be expanded or summarized.
            let description = StringEscaping.singleLine(error.description)
            return CommandError(
                prefix + description, exitCode: error.code == .undefinedBuildSetting ? .failure : .dataError,
                fileProblem: description)
        }
        if let error = error as? FileOperationError {
            return CommandError(error.description, exitCode: .ioError)
        }
        return CommandError(prefix + String(describing: error), exitCode: .dataError, fileProblem: String(describing: error))
    }
}
