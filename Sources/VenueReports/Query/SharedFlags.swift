/// The flags several commands take, defined once through a key path into each command's options.
extension FlagTable.Flag {
    package static func at(_ field: WritableKeyPath<Options, String?> & Sendable) -> Self {
        .init(name: "--at", value: "TIME", help: "as of YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM], HH:MM today, or now") { o, v in o[keyPath: field] = v }
    }

    package static func tz(_ field: WritableKeyPath<Options, String?> & Sendable) -> Self {
        .init(name: "--tz", value: "ZONE", help: "venue time zone, an IANA name (default America/New_York)") { o, v in o[keyPath: field] = v }
    }

    package static func data(_ field: WritableKeyPath<Options, String?> & Sendable) -> Self {
        .init(name: "--data", value: "FILE", help: "compute from this venues JSON file instead of venued's copy") { o, v in o[keyPath: field] = v }
    }

    package static func noEstimate(_ field: WritableKeyPath<Options, Bool> & Sendable) -> Self {
        .init(name: "--no-estimate", value: nil, help: "no projected hours: dates the data lacks are unknown") { o, _ in o[keyPath: field] = false }
    }

    package static func socket(_ field: WritableKeyPath<Options, String?> & Sendable) -> Self {
        .init(name: "--socket", value: "PATH", help: "ask the venued listening there (default $VENUED_SOCKET, else its usual socket)") { o, v in
            o[keyPath: field] = v
        }
    }

    package static func help(_ field: WritableKeyPath<Options, Bool> & Sendable) -> Self {
        .init(name: "--help", value: nil, help: "show this help") { o, _ in o[keyPath: field] = true }
    }

    /// For a command that takes another's flags and some of its own (`watch` takes `status`'s and `--count`).
    package func lifted<Outer>(to field: WritableKeyPath<Outer, Options> & Sendable) -> FlagTable<Outer>.Flag {
        let apply = self.apply
        return .init(name: name, value: value, help: help, short: short, choices: choices) { outer, value throws(AnswerError) in
            try apply(&outer[keyPath: field], value)
        }
    }
}
