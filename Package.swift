// swift-tools-version: 6.1
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "venued",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "DiningHours", targets: ["DiningHours"]),
        .executable(name: "venued", targets: ["venued"]),
        .executable(name: "venuectl", targets: ["venuectl"]),
    ],
    targets: [
        // The pure engine: decoding, time zones, schedules. No I/O, no clock.
        .target(name: "DiningHours", swiftSettings: swift6),
        // The backup feed, compiled into the binaries so an installed tool needs no source tree.
        .target(
            name: "BundledFeed",
            path: "Resources",
            exclude: [],
            sources: ["BundledFeed.swift"],
            resources: [.embedInCode("backup-venues.json"), .embedInCode("venue-info.json")],
            swiftSettings: swift6
        ),
        // What both programs answer with: the status query and its flags, reports,
        // formats, favorites, bounded file reading.
        .target(name: "VenueAnswers", dependencies: ["DiningHours", "BundledFeed"], swiftSettings: swift6),
        // How venuectl and venued talk: requests, error codes, paths, the cache files.
        .target(name: "VenuedProtocol", dependencies: ["DiningHours", "VenueAnswers"], swiftSettings: swift6),
        // venuectl's commands, completion, client, local fallback and watch.
        .target(name: "VenuectlApp", dependencies: ["DiningHours", "BundledFeed", "VenueAnswers", "VenuedProtocol"], swiftSettings: swift6),
        // epoll, eventfd and accept4 for venued's connection loop: Glibc does not export them.
        .target(name: "CLinuxEvents"),
        // One bounded HTTP GET through the system's libcurl, loaded at run time.
        .target(name: "CCurlFetch"),
        // Glibc only, linked as a static executable: it starts in about a millisecond,
        // which a shell prompt pays on every Enter (../shared/SWIFT-LINUX.md).
        .executableTarget(
            name: "venuectl",
            dependencies: ["VenuectlApp"],
            swiftSettings: swift6,
            linkerSettings: [.unsafeFlags(["-static-executable"])]
        ),
        .executableTarget(name: "venued", dependencies: ["DiningHours", "BundledFeed", "VenueAnswers", "VenuedProtocol", "CLinuxEvents", "CCurlFetch"], swiftSettings: swift6),
        .executableTarget(
            name: "venued-bench",
            dependencies: ["DiningHours", "BundledFeed", "VenueAnswers"],
            path: "Benchmarks",
            swiftSettings: swift6
        ),
        .testTarget(name: "DiningHoursTests", dependencies: ["DiningHours", "BundledFeed"], swiftSettings: swift6),
        .testTarget(name: "VenueAnswersTests", dependencies: ["VenueAnswers", "DiningHours", "BundledFeed"], swiftSettings: swift6),
        .testTarget(name: "VenuedProtocolTests", dependencies: ["VenuedProtocol", "VenueAnswers", "DiningHours"], swiftSettings: swift6),
        // The real venuectl binary: every command, format and error, with and without venued.
        .testTarget(name: "VenuectlTests", dependencies: ["VenuectlApp"], swiftSettings: swift6),
        // Pure rules of the daemon, and the real venued binary over a real socket
        // against a scripted HTTP server on 127.0.0.1.
        .testTarget(
            name: "VenuedTests",
            dependencies: ["venued", "DiningHours", "BundledFeed", "VenueAnswers", "VenuedProtocol"],
            swiftSettings: swift6
        ),
    ]
)
