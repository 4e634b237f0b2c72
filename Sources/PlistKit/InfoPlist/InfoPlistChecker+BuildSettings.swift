extension InfoPlistChecker {
    /// Every key and string that holds a build setting reference (read by
    /// ``BuildSettingTemplate``, as ``BuildSettingExpander`` reads them), errors in a built
    /// file and warnings in a source one, and the key paths of the strings among them, which
    /// the syntax rules then pass over.
    ///
    /// A reference counts where expanding without settings would report an undefined setting
    /// by a setting's name: `$$(X)` is text, a bare `$NAME` stays as written when its setting
    /// is undefined (the engine leaves it, so `$USD` in a price is text), and `$(echo hi)`
    /// names no setting a settings file could define.
    func unexpandedReferences(in value: PlistValue, isBuilt: Bool) -> (findings: [InfoPlistFinding], pending: Set<PlistKeyPath>) {
        let severity: InfoPlistFinding.Severity = isBuilt ? .error : .warning
        let maximumDepth = BuildSettingExpander(settings: BuildSettings()).maximumDepth
        var findings: [InfoPlistFinding] = []
        var pending = Set<PlistKeyPath>()
        func look(at text: String, path: PlistKeyPath, isKey: Bool) {
            guard BuildSettingTemplate.mayHoldReference(text) else { return }
            let place = isKey ? " in the key" : ""
            let references: [String]
            do {
                references = try BuildSettingTemplate(parsing: text, maximumDepth: maximumDepth).parts.compactMap { part in
                    guard case .reference(let reference) = part, reference.namesSetting else { return nil }
                    return reference.text
                }
            } catch {
                findings.append(InfoPlistFinding(severity, .unexpandedBuildSetting, at: path, "\(error.reason)\(place)."))
                if !isKey { pending.insert(path) }
                return
            }
            guard !references.isEmpty else { return }
            if !isKey { pending.insert(path) }
            let message = references.count == 1
                ? "The build setting reference '\(references[0])'\(place) is not expanded."
                : "The build setting references " + references.map { "'\($0)'" }.joined(separator: ", ") + "\(place) are not expanded."
            findings.append(InfoPlistFinding(severity, .unexpandedBuildSetting, at: path, message))
        }
        value.forEachKeyAndString(look)
        return (findings, pending)
    }
}
