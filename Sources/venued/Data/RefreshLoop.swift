import Foundation
import VenuedSystem

/// The thread that refreshes on schedule. It sleeps until the store's `nextRefresh`,
/// or until `wake()` says the schedule changed (a refresh on request, a reload).
final class RefreshLoop: Sendable {
    private let refresher: FeedRefresher
    private let store: FeedStore
    private let clock: WallClock
    private let wakeup = DispatchSemaphore(value: 0)

    init(refresher: FeedRefresher, store: FeedStore, clock: WallClock) {
        self.refresher = refresher
        self.store = store
        self.clock = clock
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "refresh"
        thread.start()
    }

    func wake() { wakeup.signal() }

    private func run() {
        while true {
            let wait = store.health.nextRefresh.map(clock.seconds(until:)) ?? 0
            if wait > 0 {
                // Wake at least hourly so a stepped system clock cannot strand the schedule.
                _ = wakeup.wait(timeout: .now() + min(wait, 3600))
                continue
            }
            _ = refresher.refresh()
        }
    }
}
