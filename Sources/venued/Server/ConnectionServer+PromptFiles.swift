extension ConnectionServer {
    mutating func followPromptFiles() {
        let settings = snapshot.config.prompts.filter { PromptSetting.isValidName($0.name) }
        let names = Set(settings.map(\.name))
        for name in promptFileNames.subtracting(names) { promptChanges[name] = .remove }
        promptFileNames = names
        var wanted: [String: Subscription] = [:]
        for setting in settings {
            switch setting.subscription {
            case .success(let subscription): wanted[setting.name] = subscription
            case .failure: promptChanges[setting.name] = .write(PromptSetting.badConfigText)
            }
        }
        hub.followPromptFiles(wanted, now: clock.now())
        hub.request(.transition)
    }

    mutating func startPromptWrites() {
        guard !promptWriteInFlight, !promptChanges.isEmpty else { return }
        let batch = promptChanges.sorted { $0.key < $1.key }.map { (name: $0.key, change: $0.value) }
        let promptFiles = promptFiles
        handoff.own { .promptFilesWritten(promptFiles.apply(batch)) }
        (promptChanges, promptWriteInFlight) = ([:], true)
    }

    /// A failure is logged when a file starts failing, not at every write.
    mutating func promptFilesWritten(_ results: [(name: String, failure: String?)]) {
        promptWriteInFlight = false
        for (name, failure) in results {
            guard let failure else { promptFailing.remove(name); continue }
            if promptFailing.insert(name).inserted { log.warning("prompt file \(name): \(failure)") }
        }
    }
}
