import DiningHours
import Foundation

/// `venuectl status`: from `--data` when given; else venued answers (already rendered,
/// for the prompt's sake); else the local copy (cache, then bundled) with one notice.
enum StatusCommand {
    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        let options = try StatusOptions.parse(arguments)
        if options.help {
            Venuectl.write(StatusOptions.helpText + "\n")
            return 0
        }
        let rendering = options.json ? nil : context.rendering
        guard options.data == nil else {
            let local = try LocalData.load(options.data, environment: context.environment)
            local.writeNotes()
            print(try StatusReport(options: options, feed: local.feed, now: context.now), rendering)
            return 0
        }
        let request = DaemonRequest.status(options, rendering: rendering)
        let failure: DaemonFailure
        switch try DaemonStatus.ask(request, socket: options.socket, context: context, command: "status", reading: { output(of: $0, json: options.json) }) {
        case .success(let output):
            Venuectl.write(output)
            return 0
        case .failure(let reason):
            failure = reason
        }
        let copy = try LocalCopy.load(environment: context.environment)
        let report = try StatusReport(options: options, feed: copy.feed, now: context.now)
        print(report, rendering)
        // After the answer, and only with one: an error is a single line of its own.
        Venuectl.writeError("venuectl: " + copy.notice(failure, zone: report.zone))
        return 0
    }

    /// What to print from venued's answer: its object without the leading `"ok":true`
    /// (exactly SPEC §4's shape), or the text it rendered.
    private static func output(of answer: DaemonConnection.Answer, json: Bool) -> String? {
        if json {
            return answer.objectWithoutOK.map { $0 + "\n" }
        }
        guard case .string(let text)? = answer.value["text"] else { return nil }
        return text
    }

    private static func print(_ report: StatusReport, _ rendering: DaemonRequest.Rendering?) {
        guard let rendering else { return Venuectl.write(StatusJSON.render(report)) }
        Venuectl.write(StatusText(report: report, color: rendering.color, userZone: rendering.userZone).render())
    }
}
