#!/usr/bin/env python3
"""Python baseline for scripts/bench: the same feed and the same status rules (docs/HOURS.md §2-3)
with the standard library only (json, zoneinfo, datetime, bisect).

    bench_baseline.py FEED           timings, as the tab-separated records venued-bench prints
    bench_baseline.py FEED --check   answers at fixed instants, in venued-bench --check's format

Rules implemented: days with status "closed" contribute nothing; an end of 23:59[:59] is
midnight; an end before the start is on the next date; an empty daypart is skipped;
wall clock -> instant with fold=0 (the earlier offset); touching or overlapping intervals
merge; a date outside the coverage takes the dayparts of the covered date with the same
weekday (latest when projecting forward, earliest backward), up to 21 days from the
coverage (the horizon; beyond it a date is unknown); the next opening is looked
for 14 days ahead. Like the engine, a venue's schedule covers the local dates t-2 .. t+16.
Only the feed's naive `YYYY-MM-DDTHH:MM[:SS]` times are supported: a time with an offset
stops the script rather than being silently misread.
"""

import bisect
import json
import statistics
import sys
import time
from datetime import date, datetime, timedelta
from datetime import time as clock_time
from zoneinfo import ZoneInfo

ZONE = ZoneInfo("America/New_York")
LOOKAHEAD = 14 * 86400
HORIZON = timedelta(days=21)
MIDNIGHT_SPELLINGS = (clock_time(23, 59), clock_time(23, 59, 59))
ONE_DAY = timedelta(days=1)


def instant(wall):
    """Seconds since the epoch of a naive wall clock in ZONE, earlier offset (fold=0)."""
    return int(wall.replace(tzinfo=ZONE).timestamp())


def local_date(t):
    return datetime.fromtimestamp(t, ZONE).date()


def parse_time(text):
    if not isinstance(text, str):
        return None
    try:
        value = datetime.fromisoformat(text.rstrip(" "))
    except ValueError:
        return None
    if value.tzinfo is not None:
        sys.exit(f"bench_baseline.py: times with an offset ({text}) are not supported")
    return value.replace(microsecond=0)


def wall_daypart(daypart):
    """(start, end) naive wall clocks after HOURS.md §2.2-2.4, or None for an unusable daypart."""
    if not isinstance(daypart, dict):
        return None
    start, end = parse_time(daypart.get("starttime")), parse_time(daypart.get("endtime"))
    if start is None or end is None or start == end:
        return None
    if end.time() in MIDNIGHT_SPELLINGS:
        end = datetime.combine(end.date() + ONE_DAY, clock_time())
    if end < start:
        end += ONE_DAY
    return start, end


class Rules:
    """One venue read once: its coverage, real intervals and wall-clock dayparts by date."""

    def __init__(self, venue):
        self.id = venue["id"]
        self.by_date = {}
        self.real = []
        dates = []
        order = 0
        for day in venue.get("days") or []:
            try:
                day_date = date.fromisoformat(day["date"])
            except (KeyError, TypeError, ValueError):
                continue
            dates.append(day_date)
            status = day.get("status")
            if isinstance(status, str) and status.lower() == "closed":
                continue
            for daypart in day.get("dayparts") or []:
                wall = wall_daypart(daypart)
                if wall is not None:
                    label = daypart.get("label") if isinstance(daypart.get("label"), str) else ""
                    self.by_date.setdefault(day_date, []).append((wall[0], wall[1], label, order))
                    start, end = instant(wall[0]), instant(wall[1])
                    if start < end:
                        self.real.append((start, end, False, order, label))
                order += 1
        self.coverage = (min(dates), max(dates)) if dates else None

    def projection_source(self, day):
        first, last = self.coverage
        if day > last + HORIZON or day < first - HORIZON:
            return None
        if day > last:
            source = last - timedelta(days=(last.weekday() - day.weekday()) % 7)
            return source if source >= first else None
        if day < first:
            source = first + timedelta(days=(day.weekday() - first.weekday()) % 7)
            return source if source <= last else None
        return None

    def schedule(self, t):
        """The merged schedule that answers for t: dates t-2 .. t+16, projected where uncovered."""
        if self.coverage is None:
            return None
        today = local_date(t)
        low, high = today - 2 * ONE_DAY, today + 16 * ONE_DAY
        intervals = list(self.real)
        day = low
        while day <= high:
            source = self.projection_source(day)
            if source is not None:
                shift = day - source
                for start_wall, end_wall, label, order in self.by_date.get(source, ()):
                    start, end = instant(start_wall + shift), instant(end_wall + shift)
                    if start < end:
                        intervals.append((start, end, True, order, label))
            day += ONE_DAY
        window_end = None
        if high > self.coverage[1]:
            window_end = instant(datetime.combine(high + ONE_DAY, clock_time()))
        return Schedule(self, intervals, window_end)


class Schedule:
    """Sorted intervals merged into blocks; status(t) is a bisect, like the engine's Schedule."""

    def __init__(self, rules, intervals, window_end):
        intervals.sort(key=lambda i: (i[0], i[2], i[3]))
        self.rules = rules
        self.intervals = intervals
        self.window_end = window_end
        self.starts, self.ends, self.members = [], [], []
        index = 0
        while index < len(intervals):
            end = intervals[index][1]
            following = index + 1
            while following < len(intervals) and intervals[following][0] <= end:
                end = max(end, intervals[following][1])
                following += 1
            self.starts.append(intervals[index][0])
            self.ends.append(end)
            self.members.append((index, following))
            index = following
        first, last = rules.coverage
        self.covered_from = instant(datetime.combine(first, clock_time()))
        self.covered_until = instant(datetime.combine(last + ONE_DAY, clock_time()))

    def status(self, t):
        """(state, changes_at, label) at t."""
        index = bisect.bisect_right(self.starts, t) - 1
        if index >= 0 and t < self.ends[index]:
            end = self.ends[index]
            if self.window_end is not None and end >= self.window_end:
                end = None
            # The daypart containing t that started last; ties: real first, then feed order.
            low, high = self.members[index]
            naming = max((i for i in self.intervals[low:high] if i[0] <= t < i[1]),
                         key=lambda i: (i[0], not i[2], -i[3]))
            return "open", end, naming[4] or None
        if not self.covered_from <= t < self.covered_until:
            if self.rules.projection_source(local_date(t)) is None:
                return "unknown", None, None
        following = index + 1
        changes = None
        if following < len(self.starts):
            start = self.starts[following]
            if start - t <= LOOKAHEAD and (self.window_end is None or start < self.window_end):
                changes = start
        return "closed", changes, None


def status(rules, t):
    """One-shot: build the schedule around t, then look up t."""
    schedule = rules.schedule(t)
    return ("unknown", None, None) if schedule is None else schedule.status(t)


# --- timing ---------------------------------------------------------------------------

def measure(body, operations=1, repetitions=21, target=0.02):
    """Nanoseconds per operation: median and fastest of `repetitions` batches of ~target s."""
    calls = 1
    while True:
        started = time.perf_counter_ns()
        for _ in range(calls):
            body()
        elapsed = time.perf_counter_ns() - started
        if elapsed >= target * 1e9 / 4:
            calls = max(1, round(calls * target * 1e9 / elapsed))
            break
        calls *= 2
    for _ in range(2 * calls):
        body()
    samples = []
    for _ in range(repetitions):
        started = time.perf_counter_ns()
        for _ in range(calls):
            body()
        samples.append((time.perf_counter_ns() - started) / (calls * operations))
    return statistics.median(samples), min(samples)


def row(identifier, label, timing, unit, note=""):
    scale = {"ms": 1e6, "µs": 1e3, "ns": 1}[unit]
    print(f"row\t{identifier}\t{label}\t{timing[0] / scale}\t{timing[1] / scale}\t{unit}\t{note}")


def wall_instant(text):
    return instant(datetime.fromisoformat(text))


def benchmark(raw):
    decode = measure(lambda: json.loads(raw))
    row("py.decode", "Python json.loads (builds dicts; parses no times)", decode, "ms",
        f"{len(raw) * 1e3 / decode[0]:.1f} MB/s")

    venues = json.loads(raw)
    t = wall_instant("2023-09-18T12:00")
    count = len(venues)

    all_rules = [Rules(venue) for venue in venues]
    schedules = [rules.schedule(t) for rules in all_rules]

    def lookup():
        for schedule in schedules:
            schedule.status(t)

    timing = measure(lookup, operations=count)
    row("py.status.prebuilt", "Python a) lookup in prebuilt merged blocks (bisect)", timing, "ns",
        f"{1e9 / timing[0]:,.0f} evaluations/s")

    def one_shot():
        for rules in all_rules:
            status(rules, t)

    row("py.status.oneshot", "Python c) one-shot: project, merge, look up per call",
        measure(one_shot, operations=count), "ns", "real intervals resolved once per venue")

    def from_scratch():
        for venue in venues:
            status(Rules(venue), t)

    row("py.status.scratch", "Python d) from decoded JSON: parse, resolve, merge, look up",
        measure(from_scratch, operations=count), "ns", "times parsed by datetime.fromisoformat")


# --- cross-check ----------------------------------------------------------------------

def check(raw):
    """The answers venued-bench --check prints, for the same instants, for diff."""
    all_rules = [Rules(venue) for venue in json.loads(raw)]
    named = ["2023-09-18T12:00", "2023-09-16T15:00", "2023-09-22T19:45", "2023-10-01T12:00", "2026-11-22T12:00"]
    walls = [datetime.fromisoformat(text) for text in named]
    wall, stop = datetime(2023, 9, 14), datetime(2023, 9, 25)
    while wall < stop:
        walls.append(wall)
        wall += timedelta(minutes=15)
    for wall in walls:
        t = instant(wall)
        for rules in all_rules:
            state, changes, label = status(rules, t)
            changes = "null" if changes is None else datetime.fromtimestamp(changes, ZONE).isoformat()
            print(f"check\t{wall.isoformat()}\t{rules.id}\t{state}\t{changes}\t{label or 'null'}")


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: bench_baseline.py FEED [--check]")
    with open(sys.argv[1], "rb") as feed:
        raw = feed.read()
    if "--check" in sys.argv[2:]:
        check(raw)
    else:
        benchmark(raw)


if __name__ == "__main__":
    main()
