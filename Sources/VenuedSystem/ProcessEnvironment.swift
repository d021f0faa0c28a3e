import Glibc

/// The environment from `environ`, without Foundation.
package enum ProcessEnvironment {
    package static func current() -> [String: String] {
        var result: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
            }
            cursor += 1
        }
        return result
    }

    package static func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
