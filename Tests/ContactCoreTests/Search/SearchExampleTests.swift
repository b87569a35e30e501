import ContactCore
import Testing

/// SPEC 7 on real names, through the store's name and phone predicates.
@Suite("Search examples")
struct SearchExampleTests {
    @Test func joFindsJohnAppleseedAndJoseNunez() throws {
        let fixture = try SearchFixture()
        let john = try fixture.add(given: "John", family: "Appleseed")
        let jose = try fixture.add(given: "José", family: "Ñúñez")
        let kate = try fixture.add(given: "Kate", family: "Bell")
        #expect(try fixture.found("Jo") == [john, jose])
        #expect(try fixture.found("nunez") == [jose])
        #expect(try fixture.found("ÑÚ") == [jose])
        #expect(try fixture.found("kate") == [kate])
    }

    @Test func everyQueryTokenNeedsADifferentNameToken() throws {
        let fixture = try SearchFixture()
        let john = try fixture.add(given: "John", family: "Appleseed")
        let joJohnson = try fixture.add(given: "Jo", family: "Johnson")
        #expect(try fixture.found("appl jo") == [john])
        #expect(try fixture.found("jo appl") == [john])
        #expect(try fixture.found("jo jo") == [joJohnson])
        #expect(try fixture.found("john appleseed x").isEmpty)
    }

    /// Every group of query tokens needs as many name tokens as it has tokens, not only the
    /// whole query: "ab" and "abc" both need "Abcd", however many names "z" could take.
    @Test func twoTokensThatNeedTheSameNameFailWhateverTheOthersHave() throws {
        let fixture = try SearchFixture()
        let abcd = try fixture.add(given: "Abcd", family: "Zz Zy")
        #expect(try fixture.found("ab abc z").isEmpty)
        #expect(try fixture.found("ab z z") == [abcd])
        #expect(try fixture.found("abc z") == [abcd])
    }

    @Test func phoneticKanaFindsTheKanjiName() throws {
        let fixture = try SearchFixture()
        let yamada = try fixture.add(given: "太郎", family: "山田", phoneticGiven: "たろう", phoneticFamily: "やまだ")
        let tanaka = try fixture.add(given: "花子", family: "田中", phoneticGiven: "はなこ", phoneticFamily: "たなか")
        #expect(try fixture.found("やまだ") == [yamada])
        #expect(SearchNormalization.tokens(of: "ヤマダ") == SearchNormalization.tokens(of: "やまだ"))
        #expect(try fixture.found("ヤマダ") == [yamada])
        #expect(try fixture.found("ﾔﾏﾀﾞ") == [yamada], "half-width katakana")
        #expect(try fixture.found("山田") == [yamada])
        #expect(try fixture.found("山田太郎") == [yamada], "family and given run together")
        #expect(try fixture.found("yamada") == [yamada], "romaji of the phonetic name")
        #expect(try fixture.found("taro") == [yamada])
        #expect(try fixture.found("やまだたろう") == [yamada])
        #expect(try fixture.found("田") == [tanaka], "a Han run matches from its start only, not from 山田's middle")
    }

    @Test func chineseNamesMatchByPinyinSyllablesConcatenationAndInitials() throws {
        let fixture = try SearchFixture()
        let wang = try fixture.add(given: "小明", family: "王")
        try fixture.add(given: "伟", family: "张")
        for query in ["wang", "xiao", "ming", "wangxiaoming", "wxm", "wang xiao", "王小明", "王", "小明", "xm"] {
            #expect(try fixture.found(query) == [wang], "\(query)")
        }
        #expect(try fixture.found("wangz").isEmpty)
        #expect(try fixture.found("zhang").count == 1)
    }

    @Test func koreanNamesMatchByJamoAndInitialConsonants() throws {
        let fixture = try SearchFixture()
        let kim = try fixture.add(given: "민수", family: "김")
        let park = try fixture.add(given: "지민", family: "박")
        #expect(try fixture.found("기") == [kim], "a partly typed syllable is a prefix of 김")
        #expect(try fixture.found("김민") == [kim])
        #expect(try fixture.found("ㄱㅁㅅ") == [kim], "initial consonants")
        #expect(try fixture.found("ㄱㅁ") == [kim])
        #expect(try fixture.found("ㅂㅈㅁ") == [park])
        #expect(try fixture.found("민") == [kim])
        #expect(try fixture.found("ㄴ").isEmpty)
    }

    @Test func widthCaseDiacriticsAndPunctuationFold() throws {
        let fixture = try SearchFixture()
        let john = try fixture.add(given: "John", family: "O'Brien")
        let zoe = try fixture.add(given: "Zoë", family: "Anne-Marie")
        let lukasz = try fixture.add(given: "Łukasz", family: "Straße")
        #expect(try fixture.found("ＪＯＨＮ") == [john], "full-width Latin")
        #expect(try fixture.found("brien") == [john], "an apostrophe separates")
        #expect(try fixture.found("o brien") == [john])
        #expect(try fixture.found("marie zoe") == [zoe])
        #expect(try fixture.found("ZOE\u{308}") == [zoe], "a combining mark folds like the precomposed letter")
        #expect(try fixture.found("łu") == [lukasz])
        #expect(try fixture.found("lukasz").isEmpty, "ł is a letter of its own, as Foundation folds it")
        #expect(try fixture.found("strasse") == [lukasz])
    }

    @Test func everyNameFieldIsSearched() throws {
        let fixture = try SearchFixture()
        let mary = try fixture.add(given: "Mary", family: "Smith", organization: "Acme Corp") { contact in
            contact.middleName = "Anne"
            contact.nickname = "Molly"
            contact.previousFamilyName = "Jones"
            contact.phoneticOrganizationName = "akumi"
            contact.jobTitle = "Engineer"
        }
        for query in ["mary", "anne", "smith", "molly", "jones", "acme", "corp", "akumi", "molly jones smith"] {
            #expect(try fixture.found(query) == [mary], "\(query)")
        }
        #expect(try fixture.found("engineer").isEmpty, "job titles are not names")
    }

    @Test func cjkRunsInsideATokenMatchFromTheirStart() throws {
        let fixture = try SearchFixture()
        let tom = try fixture.add(given: "Tom山田")
        let sakura = try fixture.add(given: "山田さくら")
        #expect(try fixture.found("山田") == [tom, sakura])
        #expect(try fixture.found("さくら") == [sakura])
        #expect(try fixture.found("sakura") == [sakura])
    }

    @Test func queriesWithoutTokensAreInvalid() throws {
        let fixture = try SearchFixture()
        try fixture.add(given: "John")
        for query in ["", "   ", "...", "・", "\u{301}", "-'"] {
            do {
                _ = try fixture.found(query)
                Issue.record("\(query.debugDescription) should be predicateInvalid")
            } catch {
                #expect(error.code == .predicateInvalid, "\(query.debugDescription)")
            }
        }
    }

    @Test func fullWidthPhoneDigitsMatchAFormattedNumber() throws {
        let fixture = try SearchFixture()
        let ann = try fixture.add(given: "Ann", phones: ["+1 (650) 555-1212"])
        try fixture.add(given: "Bob", phones: ["+1 (650) 555-1213"])
        let found = try fixture.owner.unifiedContacts(matching: .phoneNumber("５５５１２１２"), keysToFetch: [])
        #expect(found.map(\.identifier) == [ann])
        #expect(try fixture.owner.unifiedContacts(matching: .phoneNumber("6505551212"), keysToFetch: []).map(\.identifier) == [ann])
    }

    @Test func theStoreEmailPredicateMatchesWholeAddressesOnly() throws {
        let fixture = try SearchFixture()
        let john = try fixture.add(given: "John", emails: ["John@Example.com"])
        #expect(try fixture.owner.unifiedContacts(matching: .emailAddress("JOHN@EXAMPLE.COM"), keysToFetch: [])
            .map(\.identifier) == [john])
        #expect(try fixture.owner.unifiedContacts(matching: .emailAddress("john@"), keysToFetch: []).isEmpty)
    }

    @Test func aLimitedAppFindsOnlyItsPermittedContacts() throws {
        let fixture = try SearchFixture()
        let john = try fixture.add(given: "John")
        try fixture.add(given: "Johnny")
        let app = AppConfiguration(bundleIdentifier: "com.example.chat", usageDescription: "Chat with friends.")
        try fixture.device.applySettings(.allowLimited([john]), to: app.bundleIdentifier)
        #expect(try fixture.found("john", in: fixture.device.store(for: app)) == [john])
    }
}
