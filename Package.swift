// swift-tools-version: 6.1
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]
/// The engine, the reports and the daemon are optimized in debug builds too: the test
/// suite runs them millions of times (the semester simulation, the property tests), and
/// -Onone makes that minutes instead of seconds. Testability is kept (-enable-testing).
let optimizedInDebug: [SwiftSetting] = swift6 + [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "venued",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "DiningHours", targets: ["DiningHours"]),
        .executable(name: "venued", targets: ["venued"]),
        .executable(name: "venuectl", targets: ["venuectl"]),
        .executable(name: "venued-notify", targets: ["venued-notify"]),
    ],
    targets: [
        // The pure engine: decoding, time zones, schedules. No I/O, no clock, no
        // environment: zone rules come from TZif bytes that VenueReports' ZoneDatabase reads.
        .target(name: "DiningHours", swiftSettings: optimizedInDebug),
        // The backup feed, compiled into the binaries so an installed tool needs no source tree.
        .target(
            name: "BundledFeed",
            path: "Resources",
            exclude: [],
            sources: ["BundledFeed.swift"],
            resources: [.embedInCode("backup-venues.json"), .embedInCode("venue-info.json")],
            swiftSettings: swift6
        ),
        // The bottom layer, Glibc and the C shims for what Glibc lacks: system calls as
        // result values, the atomic writer, bounded file reads, the paths both programs
        // meet at, clocks and wall-clock deadlines, backoff, the environment, threads and
        // a semaphore (so neither program needs Foundation or libdispatch).
        .target(name: "VenuedSystem", dependencies: ["CLinuxEvents"], swiftSettings: swift6),
        // What both programs answer with: the status query, reports, formats, the files
        // they read (feed, cache, favorites) and the errors an answer can end in.
        .target(name: "VenueReports", dependencies: ["DiningHours", "BundledFeed", "VenuedSystem"], swiftSettings: optimizedInDebug),
        // venuectl's command-line grammar: its commands' flags and venuectl.conf. (The
        // status query's flag table is VenueReports': venued's prompt lines read it too.)
        .target(name: "VenuectlGrammar", dependencies: ["DiningHours", "VenueReports", "VenuedSystem"], swiftSettings: swift6),
        // The wire protocol alone: one codec for requests and replies that both sides compile.
        .target(name: "VenuedProtocol", dependencies: ["DiningHours", "VenueReports", "VenuedSystem"], swiftSettings: swift6),
        // venuectl's commands, completion, client, local fallback, watch and notify.
        .target(name: "VenuectlApp", dependencies: ["DiningHours", "BundledFeed", "VenuedSystem", "VenueReports", "VenuectlGrammar", "VenuedProtocol"], swiftSettings: swift6),
        // The notification follower: what to announce and when (pure, clock-injected
        // rules), what was sent (the state file), and the notification server through
        // sd-bus. Not linked into venuectl: sd-bus is loaded with dlopen, which a static
        // executable cannot rely on.
        .target(name: "VenuedNotify", dependencies: ["DiningHours", "VenuedSystem", "VenueReports", "VenuectlGrammar", "VenuedProtocol", "VenuectlApp", "CLinuxEvents", "CSdBus"], swiftSettings: swift6),
        // epoll, eventfd, timerfd and accept4: Glibc does not export them.
        .target(name: "CLinuxEvents"),
        // One bounded HTTP GET through the system's libcurl, loaded at run time.
        .target(name: "CCurlFetch"),
        // The session bus through the system's libsystemd (sd-bus), loaded at run time.
        .target(name: "CSdBus"),
        // Glibc only, linked as a static executable: no dynamic loader at start, which a
        // shell prompt pays on every Enter (VenuectlBinaryTests keeps it so;
        // docs/PERFORMANCE.md has the figures).
        .executableTarget(
            name: "venuectl",
            dependencies: ["VenuectlApp", "VenueReports", "VenuedSystem"],
            swiftSettings: swift6,
            linkerSettings: [.unsafeFlags(["-static-executable"])]
        ),
        // The Swift runtime linked in, in every release build as `make` does: a cold start maps
        // no Swift library (libcurl is loaded with dlopen, so not a static executable).
        .executableTarget(
            name: "venued",
            dependencies: ["DiningHours", "BundledFeed", "VenuedSystem", "VenueReports", "VenuedProtocol", "CLinuxEvents", "CCurlFetch"],
            swiftSettings: swift6,
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
        ),
        // Dynamically linked (it loads libsystemd); `venuectl notify` execs it from beside itself.
        .executableTarget(
            name: "venued-notify",
            dependencies: ["VenuedNotify", "VenuectlApp", "VenuedSystem"],
            swiftSettings: swift6
        ),
        .executableTarget(
            name: "venued-bench",
            dependencies: ["DiningHours", "BundledFeed", "VenuedSystem", "VenueReports"],
            path: "Benchmarks",
            swiftSettings: swift6
        ),
        .testTarget(name: "DiningHoursTests", dependencies: ["DiningHours", "VenueReports", "BundledFeed", "TestSupport"], swiftSettings: swift6),
        .testTarget(name: "VenueReportsTests", dependencies: ["VenueReports", "VenuedSystem", "DiningHours", "BundledFeed"], swiftSettings: swift6),
        .testTarget(name: "VenuectlGrammarTests", dependencies: ["VenuectlGrammar", "VenuectlApp", "VenueReports", "DiningHours"], swiftSettings: swift6),
        .testTarget(name: "VenuedProtocolTests", dependencies: ["VenuedProtocol", "VenueReports", "VenuectlGrammar", "DiningHours"], swiftSettings: swift6),
        // What the test targets share: package paths, the bounded program runner and
        // waits, a test home and the venuectl runner, JSON helpers; the bundled week only.
        .target(name: "TestSupport", dependencies: ["BundledFeed"], path: "Tests/TestSupport", swiftSettings: swift6),
        // The follower's rules and state in-process, with the clock as a value.
        .testTarget(name: "VenuedNotifyTests", dependencies: ["VenuedNotify", "VenuectlApp", "DiningHours", "VenuedProtocol"], swiftSettings: swift6),
        // The real venuectl binary: every command, format and error, with and without venued.
        .testTarget(name: "VenuectlTests", dependencies: ["VenuectlApp", "DiningHours", "VenuedProtocol", "TestSupport"], swiftSettings: swift6),
        // Pure rules of the daemon, and the real venued binary over a real socket
        // against a scripted HTTP server on 127.0.0.1.
        .testTarget(
            name: "VenuedTests",
            dependencies: ["venued", "VenuectlApp", "DiningHours", "BundledFeed", "VenuedSystem", "VenueReports", "VenuectlGrammar", "VenuedProtocol", "TestSupport"],
            // The FUSE server the stalled-file-system test and the scripted notification
            // server of the timing tests, which run with python3.
            exclude: ["Support/stallfs.py", "Support/scripted_notifications.py"],
            swiftSettings: swift6
        ),
    ]
)
