import DiningHours
import Testing
import VenueReports
import VenuedProtocol
@testable import venued

/// `prompt.NAME = ARGUMENTS` lines: the words as a shell splits them, read with
/// venuectl status's grammar, and a bad line kept with its problem.
@Suite struct PromptLines {
    func words(_ text: String) -> [String]? { try? ArgumentWords.split(text).get() }

    @Test func wordsAreSplitAsAShellSplitsThem() {
        #expect(words("--favorites  --format\tprompt") == ["--favorites", "--format", "prompt"])
        #expect(words("--template '{name}: {phrase}'") == ["--template", "{name}: {phrase}"])
        #expect(words(#"--template "{name} \"{state}\" \\ \n""#) == ["--template", #"{name} "{state}" \ \n"#])
        #expect(words(#"1920\ commons ''"#) == ["1920 commons", ""])
        #expect(words("a'b'\"c\"d") == ["abcd"])
        #expect(words("   ") == [])
    }

    @Test func nothingIsExpanded() {
        #expect(words("$HOME ~ * `id` $(id)") == ["$HOME", "~", "*", "`id`", "$(id)"])
    }

    @Test func anOpenQuoteOrATrailingBackslashIsAProblem() {
        #expect(words("--template '{name}") == nil)
        #expect(words(#"--template "{name}"#) == nil)
        #expect(words(#"falk \"#) == nil)
    }

    func setting(_ value: String, name: String = "dining") -> PromptSetting {
        PromptSetting(name: name, value: value, location: "config:3", environment: ["HOME": "/nonexistent", "TZ": "UTC"])
    }

    @Test func aGoodLineIsTheSubscriptionItsCommandLineMeans() throws {
        let subscription = try setting("falk --soon 20 --format prompt").subscription.get()
        #expect(subscription.options.venues == ["falk"])
        #expect(subscription.options.soonMinutes == 20)
        #expect(subscription.presentation == StatusPresentation(format: .prompt))
    }

    @Test func aBadLineSaysWhereAndWhy() {
        #expect(setting("--favourites").problem?.hasPrefix("config:3: prompt.dining: unknown option '--favourites'") == true)
        #expect(setting("--soon 9999").problem?.contains("--soon") == true)
        #expect(setting("--template '{name}").problem?.contains("not closed") == true)
    }

    @Test func whatOnlyAClientCanDoOrAFixedInstantIsRefused() {
        for value in ["--at 12:00", "--at=now", "--data /tmp/x.json", "--socket /tmp/s", "--help", "-h"] {
            #expect(setting(value).problem != nil, "\(value)")
        }
    }

    @Test func aNameIsAPlainFileName() {
        for name in ["dining", "bar-2", "a_b", String(repeating: "x", count: 64)] { #expect(PromptSetting.isValidName(name), "\(name)") }
        for name in ["", ".", "..", "a/b", "a.b", ".hidden", "é", String(repeating: "x", count: 65)] {
            #expect(!PromptSetting.isValidName(name), "\(name)")
            #expect(setting("falk", name: name).problem != nil)
        }
    }

    @Test func theConfigFileKeepsPromptLinesApartFromSettings() throws {
        let contents = try ConfigFile.parse("refresh = 600\nprompt.dining = --favorites\nprompt.x = --bad\n", path: "c")
        #expect(contents.settings.map(\.0.key) == ["refresh"])
        #expect(contents.prompts.map(\.name) == ["dining", "x"])
        #expect(contents.prompts.map(\.location) == ["c:2", "c:3"])
    }
}

/// Prompt files as followers of the hub: written when their text changes, saying what
/// failed rather than going blank, and never given a text rendered for an older line.
@Suite struct PromptFileFollowers {
    let now = Instant(secondsSinceEpoch: 1_695_060_000)
    let prompt = Subscription(options: StatusOptions(), presentation: StatusPresentation(format: .prompt))

    func line(_ text: String, wakeAt: Instant? = nil) -> Result<PushLine, ProtocolError> {
        .success(PushLine(line: "{}", shown: text, wakeAt: wakeAt))
    }

    @Test func aNewFileIsDueAtOnceAndWrittenOnlyWhenItsTextChanges() {
        var hub = SubscriberHub()
        hub.followPromptFiles(["dining": prompt], now: now)
        #expect(hub.nextWake == now)
        let round = hub.round(.transition, at: now)
        #expect(round.subscribers.map(\.follower) == [.promptFile("dining")])
        let first = hub.apply(round, [.init(follower: .promptFile("dining"), outcome: (line("Falk closes in 1 min\n", wakeAt: now + 60)))])
        #expect(first.write.map(\.text) == ["Falk closes in 1 min\n"])
        #expect(hub.nextWake == now + 60)
        // New data is sent to every connection, but a file whose text is the same is left alone.
        let same = hub.apply(hub.round(.data, at: now + 1), [.init(follower: .promptFile("dining"), outcome: (line("Falk closes in 1 min\n")))])
        #expect(same.write.isEmpty && same.send.isEmpty)
    }

    @Test func aFailureIsWrittenOnceAndTheFileStaysFollowed() {
        var hub = SubscriberHub()
        hub.followPromptFiles(["dining": prompt], now: now)
        let failed: Result<PushLine, ProtocolError> = .failure(ProtocolError("no venue matches 'comons'", code: .unknownVenue))
        let first = hub.apply(hub.round(.transition, at: now), [.init(follower: .promptFile("dining"), outcome: (failed))])
        #expect(first.write.map(\.text) == ["venued: no venue matches 'comons'\n"])
        #expect(first.write.first?.problem == "no venue matches 'comons'")
        #expect(first.end.isEmpty)
        let again = hub.apply(hub.round(.data, at: now), [.init(follower: .promptFile("dining"), outcome: (failed))])
        #expect(again.write.isEmpty)
        let mended = hub.apply(hub.round(.data, at: now), [.init(follower: .promptFile("dining"), outcome: (line("1920 Commons open\n")))])
        #expect(mended.write.map(\.text) == ["1920 Commons open\n"])
    }

    @Test func aTextRenderedForALineThatChangedMeanwhileIsDropped() {
        var hub = SubscriberHub()
        hub.followPromptFiles(["dining": prompt], now: now)
        let round = hub.round(.transition, at: now)
        var halls = StatusOptions()
        halls.kinds = [.diningHall]
        hub.followPromptFiles(["dining": Subscription(options: halls, presentation: prompt.presentation)], now: now)
        let late = hub.apply(round, [.init(follower: .promptFile("dining"), outcome: (line("old line's text\n")))])
        #expect(late.write.isEmpty)
        // Still due: the next round renders the new line.
        #expect(hub.round(.transition, at: now).subscribers.count == 1)
    }

    @Test func filesNoLineNamesAreDroppedAndConnectionsAreLeftAlone() {
        var hub = SubscriberHub()
        hub.add(token: 42, subscription: prompt, first: PushLine(line: "{}", shown: "x", wakeAt: nil))
        hub.followPromptFiles(["a": prompt, "b": prompt], now: now)
        hub.followPromptFiles(["b": prompt], now: now)
        #expect(Set(hub.subscribers.keys) == [.connection(42), .promptFile("b")])
    }
}
