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
        .target(name: "VenuedCLI", dependencies: ["DiningHours", "BundledFeed"], swiftSettings: swift6),
        // epoll, eventfd and accept4 for venued's connection loop: Glibc does not export them.
        .target(name: "CLinuxEvents"),
        // One bounded HTTP GET through the system's libcurl, loaded at run time.
        .target(name: "CCurlFetch"),
        // Glibc only, linked as a static executable: it starts in about a millisecond,
        // which a shell prompt pays on every Enter (../shared/SWIFT-LINUX.md).
        .executableTarget(
            name: "venuectl",
            dependencies: ["VenuedCLI"],
            swiftSettings: swift6,
            linkerSettings: [.unsafeFlags(["-static-executable"])]
        ),
        .executableTarget(name: "venued", dependencies: ["DiningHours", "BundledFeed", "VenuedCLI", "CLinuxEvents", "CCurlFetch"], swiftSettings: swift6),
        .executableTarget(
            name: "venued-bench",
            dependencies: ["DiningHours", "BundledFeed", "VenuedCLI"],
            path: "Benchmarks",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "DiningHoursTests",
            dependencies: ["DiningHours", "BundledFeed", "VenuedCLI"],
            swiftSettings: swift6
        ),
        // Pure rules of the daemon, and the real venued binary over a real socket
        // against a scripted HTTP server on 127.0.0.1.
        .testTarget(
            name: "VenuedTests",
            dependencies: ["venued", "DiningHours", "BundledFeed", "VenuedCLI"],
            swiftSettings: swift6
        ),
    ]
)
