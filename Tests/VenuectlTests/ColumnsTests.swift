import Foundation
import Testing

/// `hours` and `next` honour `COLUMNS` as `status` does: no line wider (URLs aside), and
/// nothing cut that a narrower layout can keep.
@Suite struct ColumnsTests {
    static let data = ["--data", VenuectlProcess.fixture]

    @Test(arguments: [40, 60])
    func hoursWrapsItsHoursAndMealsUnderTheirColumn(columns: Int) throws {
        let run = try VenuectlProcess.run(["hours", "commons", "--at", "2023-09-18T12:00", "--days", "2"] + Self.data,
                                          environment: ["COLUMNS": "\(columns)"])
        #expect(run.code == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= columns || $0.contains("://") }, "\(run.stdout)")
        let joined = lines.joined(separator: " ")
        for range in ["7:30 AM–10:30 AM", "11:00 AM–4:30 PM", "5:00 PM–9:30 PM", "Dinner 5:00 PM–9:30 PM"] {
            #expect(joined.contains(range), "nothing is cut: \(range)")
        }
        #expect(!run.stdout.contains("…"))
    }

    @Test func nextDropsTheWaitBeforeANameAndKeepsTheVerb() throws {
        let wide = try VenuectlProcess.run(["next", "--at", "2023-09-18T16:20", "--within", "2h"] + Self.data)
        #expect(wide.stdout.contains("  4:30 PM  in 10 min      1920 Commons closes\n"), "\(wide.stdout)")
        let run = try VenuectlProcess.run(["next", "--at", "2023-09-18T16:20", "--within", "2h"] + Self.data, environment: ["COLUMNS": "40"])
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(run.stdout)")
        #expect(lines.contains("  4:30 PM  1920 Commons closes"), "\(run.stdout)")
        #expect(lines.filter { $0.hasPrefix("  ") && $0.contains(" PM  ") }.allSatisfy { $0.hasSuffix(" opens") || $0.hasSuffix(" closes") || $0.contains(" opens for ") })
    }
}
