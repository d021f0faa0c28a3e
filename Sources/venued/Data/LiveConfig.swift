import Synchronization

/// The config in force; SIGHUP swaps it whole, so a reader never sees half of a reload.
final class LiveConfig: Sendable {
    private let value: Mutex<Config>

    init(_ config: Config) { value = Mutex(config) }

    var current: Config { value.withLock { $0 } }

    /// The zone alone, without copying the whole configuration.
    var timeZone: String { value.withLock { $0.timeZone } }

    func replace(with config: Config) { value.withLock { $0 = config } }
}
