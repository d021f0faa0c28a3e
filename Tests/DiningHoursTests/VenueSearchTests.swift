import BundledFeed
import DiningHours
import Testing

/// Naming venues: the ranked search, and resolving a VENUE argument to exactly one venue.
@Suite struct VenueSearchTests {
    static let venues = try! FeedDecoder.decode(BundledFeed.bytes).venues

    func ranked(_ query: String) -> [String] {
        VenueSearch(query).hits(in: Self.venues).map(\.venue.name)
    }

    func match(_ query: String, _ name: String) -> VenueSearch.Match? {
        VenueSearch(query).hits(in: Self.venues).first { $0.venue.name == name }?.match
    }

    /// Found by the `request` fuzzer: a 14 KB name cost venued 0.47 s (release) of its
    /// one loop thread in typo comparisons. Now nothing longer than any name is compared:
    /// shown by queries over the bound that a comparison would match (every word a
    /// prefix of "1920 Commons") naming nothing. Its cost is venued-bench's to measure.
    @Test func aQueryLongerThanAnyNameNamesNothingAndCostsNothing() {
        for query in [String(repeating: "x", count: 15_000), String(repeating: "commons ", count: 1_900),
                      String(repeating: "x", count: VenueSearch.longestQuery + 1),
                      String(repeating: "commons ", count: VenueSearch.longestQuery / 8 + 1)] {
            #expect(VenueSearch(query).hits(in: Self.venues).isEmpty && VenueSearch(query).suggestions(in: Self.venues).isEmpty, "\(query.prefix(10))…")
        }
        // Under the bound, the same words do name it: the bound alone made the difference.
        #expect(match(String(repeating: "commons ", count: VenueSearch.longestQuery / 8 - 1), "1920 Commons") == .wordPrefix)
        // Up to the bound, the long-query tiers still work (a typo'd word, words repeated).
        #expect(match("comons", "1920 Commons") != nil)
    }

    @Test func tiersRankExactThenPrefixThenWordPrefixThenSubstringThenTypos() {
        #expect(match("593", "1920 Commons") == .exact)
        #expect(match("1920 COMMONS", "1920 Commons") == .exact)
        #expect(match("1920 c", "1920 Commons") == .prefix)
        #expect(match("commons", "1920 Commons") == .wordPrefix)
        #expect(match("ommons", "1920 Commons") == .substring)
        #expect(match("comons", "1920 Commons") == .similar(distance: 1))
        #expect(ranked("cafe") == ["Cafe West", "Accenture Café", "Joe's Café"])
        #expect(ranked("1920") == ["1920 Commons", "1920 Gourmet Grocer", "1920 Starbucks"])
    }

    @Test func caseAccentsApostrophesAndPunctuationDoNotMatter() {
        for query in ["joes cafe", "JOE'S CAFÉ", "Joe’s Café", "joes-cafe", "  joe's   cafe "] {
            #expect(match(query, "Joe's Café") == .exact, "\(query)")
        }
        #expect(Self.venues.map(\.slug).contains("joes-cafe") && Self.venues.map(\.slug).contains("1920-commons"))
        #expect(Self.venues.allSatisfy { VenueResolution($0.slug, in: Self.venues).venue?.id == $0.id })
    }

    @Test func wordsMatchInAnyOrder() {
        #expect(ranked("locust pret") == ["Pret a Manger Locust Walk"])
        #expect(match("house col", "Lauder College House") == .wordPrefix)
    }

    @Test func typosAreToleratedInProportionToTheWord() {
        #expect(ranked("starbuks") == ["1920 Starbucks"])
        #expect(ranked("laudr") == ["Lauder College House"])
        #expect(ranked("hillhouse") == ["Hill House"])
        #expect(ranked("zzzzzzzz").isEmpty)
        #expect(ranked("xq").isEmpty, "two letters must match exactly")
        #expect(ranked("").isEmpty && ranked(" - ").isEmpty)
        #expect(VenueSearch.allowedTypos("cafe") == 1 && VenueSearch.allowedTypos("starbucks") == 2)
    }

    @Test func argumentsNameExactMatchesOnlyWhenThereAreAny() {
        #expect(VenueSearch("hill").matches(in: Self.venues).map(\.id) == [636])
        #expect(VenueSearch("1442").matches(in: Self.venues).map(\.id) == [1442])
        #expect(VenueSearch("comons").matches(in: Self.venues).isEmpty, "a typo is a suggestion, not a name")
        #expect(VenueSearch("comons").suggestions(in: Self.venues) == ["1920 Commons"])
    }

    @Test func resolutionNeedsExactlyOneVenue() {
        #expect(VenueResolution("falk", in: Self.venues).venue?.id == 638)
        #expect(VenueResolution("638", in: Self.venues).venue?.id == 638)
        #expect(VenueResolution("pret a manger mba", in: Self.venues).venue?.id == 1732)
        guard case .ambiguous(let cafes) = VenueResolution("cafe", in: Self.venues) else { Issue.record("cafe is ambiguous"); return }
        #expect(cafes.map(\.name) == ["Cafe West", "Accenture Café", "Joe's Café"])
        guard case .ambiguous(let prets) = VenueResolution("pret", in: Self.venues) else { Issue.record("pret is ambiguous"); return }
        #expect(prets.count == 2)
        guard case .unknown(let suggestions) = VenueResolution("lauderr house", in: Self.venues) else { Issue.record("unknown"); return }
        #expect(suggestions == ["Lauder College House"])
    }

    @Test func twoVenuesWithTheSameNameAreAmbiguousEvenExactly() {
        let twins = [Venue(id: 1, name: "Cafe", days: []), Venue(id: 2, name: "Café", days: []), Venue(id: 3, name: "Cafe Two", days: [])]
        guard case .ambiguous(let found) = VenueResolution("cafe", in: twins) else { Issue.record("ambiguous"); return }
        #expect(found.map(\.id) == [1, 2])
        #expect(VenueResolution("2", in: twins).venue?.id == 2)
    }
}

extension VenueResolution {
    var venue: Venue? { if case .found(let venue) = self { venue } else { nil } }
}
