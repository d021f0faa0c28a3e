import DiningHours
import Glibc
import VenueAnswers
import VenuedProtocol

/// The wall clock, to the second: what `main` hands to every command as "now", and what
/// `watch` reads at each step.
public enum SystemClock {
    public static func now() -> Instant {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        return Instant(secondsSinceEpoch: clock.tv_sec)
    }
}
