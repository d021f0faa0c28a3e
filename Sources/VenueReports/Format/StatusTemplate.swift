/// `--template`, parsed when the flag is read so a misspelt placeholder is a usage error before anything is computed.
public struct StatusTemplate: Hashable, Sendable {
    package enum Field: String, CaseIterable, Sendable {
        case id, name, kind, state, label, changesAt = "changes_at", changesIn = "changes_in"
        case closingSoon = "closing_soon", estimated, distance, walk, color, phrase, detail
        case unknownReason = "unknown_reason", stale
    }

    package enum Piece: Hashable, Sendable {
        case text(String), field(Field)
    }

    public let text: String
    package let pieces: [Piece]
    /// The answer repeats the template once per venue, so its length is what a client could multiply into megabytes.
    public static let lengthLimit = 1024

    public init(_ text: String) throws(AnswerError) {
        guard text.utf8.count <= Self.lengthLimit else {
            throw AnswerError.usage("--template is longer than \(Self.lengthLimit) bytes: shorten it")
        }
        var pieces: [Piece] = [], literal = "", rest = Substring(text)
        while let first = rest.first {
            rest = rest.dropFirst()
            if (first == "{" || first == "}") && rest.first == first {
                literal.append(first)
                rest = rest.dropFirst()
                continue
            }
            if first == "}" { throw AnswerError.usage("a lone '}' in --template: write '}}' for a brace") }
            guard first == "{" else { literal.append(first); continue }
            guard let close = rest.firstIndex(of: "}") else { throw AnswerError.usage("'{' without '}' in --template: write '{{' for a brace") }
            let name = String(rest[..<close])
            guard let field = Field(rawValue: name) else {
                throw AnswerError.usage("unknown placeholder '{\(name)}' in --template: the placeholders are "
                    + Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: " "))
            }
            if !literal.isEmpty { pieces.append(.text(literal)); literal = "" }
            pieces.append(.field(field))
            rest = rest[rest.index(after: close)...]
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        (self.text, self.pieces) = (text, pieces)
    }
}

extension StatusTemplate.Field {
    package func value(of line: VenueLine) -> String {
        switch self {
        case .id: return "\(line.venue.id)"
        case .name: return line.venue.name
        case .kind: return line.venue.kind.rawValue
        case .state: return line.status.state.rawValue
        case .label: return line.status.label ?? ""
        case .changesAt: return line.changesAt ?? ""
        case .changesIn: return line.changesIn ?? ""
        case .closingSoon: return "\(line.status.closingSoon)"
        case .estimated: return "\(line.status.estimated)"
        case .distance: return line.distance.map(Coordinate.distanceText) ?? ""
        case .walk: return line.distance.map { "\(Coordinate.walkingMinutes($0)) min" } ?? ""
        case .color: return line.tone.hex
        case .phrase: return line.phrase
        case .detail: return line.detail
        case .unknownReason: return line.status.unknownReason?.name ?? ""
        case .stale: return "\(line.stale)"
        }
    }
}
