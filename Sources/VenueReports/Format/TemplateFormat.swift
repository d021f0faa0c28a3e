/// `--template`: one line per venue; missing values (no `changes_at`, no `--near`) are empty.
package enum TemplateFormat {
    package static func render(_ report: StatusReport, _ template: StatusTemplate) -> String {
        report.lines.map { line in
            template.pieces.map { piece in
                switch piece {
                case .text(let text): return text
                case .field(let field): return value(field, of: line)
                }
            }.joined() + "\n"
        }.joined()
    }

    private static func value(_ field: StatusTemplate.Field, of line: VenueLine) -> String {
        switch field {
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
