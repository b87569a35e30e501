import Foundation

/// The further forms a name token is found by when it holds Han, kana or Hangul (SPEC 7).
///
/// A run is a maximal stretch of one of these scripts inside a token. Each run can be matched
/// from its own start; a Han run also by each character's toneless pinyin, the syllables
/// concatenated and their initials (王小明: wang, xiao, ming, wangxiaoming, wxm); a kana run by
/// its romaji (やまだ: yamada); a Hangul run by its initial consonants (김민수: ㄱㅁㅅ as jamo).
enum CJKForms {
    enum Script: Equatable { case han, kana, hangul, other }

    static func script(of scalar: Unicode.Scalar) -> Script {
        if isKana(scalar) { return .kana }
        return switch scalar.value {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xD7B0...0xD7FF: .hangul
        default: scalar.properties.isIdeographic ? .han : .other
        }
    }

    /// Whether the scalar is kana: ``script(of:)`` without looking up the ideograph property.
    static func isKana(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0x1AFF0...0x1B16F: true
        default: false
        }
    }

    static func isCJK(_ scalar: Unicode.Scalar) -> Bool { script(of: scalar) != .other }

    /// The leading consonant jamo of a syllable (choseong), which a typed ㄱ normalizes to.
    static func isInitialConsonant(_ scalar: Unicode.Scalar) -> Bool {
        (0x1100...0x115F).contains(scalar.value) || (0xA960...0xA97C).contains(scalar.value)
    }

    /// Every form of the token but the token itself, each once: none for an ASCII token, and
    /// for any other one the cache's array, which every contact with the token shares.
    static func furtherForms(of token: SearchText.Token) -> [SearchText.Token] {
        if token.allSatisfy({ $0 < 0x80 }) { return [] }
        return formsCache.value(for: token) { Array(cjkForms(of: $0).dropFirst()) }
    }

    /// The token itself, then every further form, each once.
    private static func cjkForms(of token: SearchText.Token) -> [SearchText.Token] {
        var forms = [token]
        func add(_ form: SearchText.Token) {
            if !form.isEmpty && !forms.contains(form) { forms.append(form) }
        }
        let scalars = Array(String(decoding: token, as: UTF8.self).unicodeScalars)
        var start = 0
        while start < scalars.count {
            let kind = script(of: scalars[start])
            var end = start + 1
            while end < scalars.count && script(of: scalars[end]) == kind { end += 1 }
            let run = scalars[start..<end]
            if start > 0 && kind != .other { add(bytes(scalars[start...])) }
            switch kind {
            case .han:
                let syllables = run.compactMap(pinyin(of:))
                for syllable in syllables { add(syllable) }
                add(syllables.flatMap { $0 })
                add(syllables.compactMap(\.first))
            case .kana:
                add(romaji(of: run))
            case .hangul:
                add(bytes(run.filter(isInitialConsonant)))
            case .other:
                break
            }
            start = end
        }
        return forms
    }

    private static func bytes(_ scalars: some Sequence<Unicode.Scalar>) -> SearchText.Token {
        var result: SearchText.Token = []
        for scalar in scalars { UTF8.encode(scalar) { result.append($0) } }
        return result
    }

    // MARK: Readings, cached: the transforms cost tens of microseconds each

    private static let pinyinCache = TextCache<UInt32, SearchText.Token>(limit: 1 << 17)
    private static let romajiCache = TextCache<SearchText.Token, SearchText.Token>(limit: 8192)
    private static let formsCache = TextCache<SearchText.Token, [SearchText.Token]>(limit: 1 << 16)

    /// A Han character's toneless pinyin in ASCII lowercase, or `nil` if it has none.
    static func pinyin(of scalar: Unicode.Scalar) -> SearchText.Token? {
        let syllable = pinyinCache.value(for: scalar.value) { _ in
            let latin = String(scalar).applyingTransform(.mandarinToLatin, reverse: false)?
                .applyingTransform(.stripDiacritics, reverse: false)?.lowercased() ?? ""
            return latin.utf8.allSatisfy { (0x61...0x7A).contains($0) } ? Array(latin.utf8) : []
        }
        return syllable.isEmpty ? nil : syllable
    }

    /// A kana run's toneless romaji (ASCII letters only; long vowels and apostrophes dropped).
    static func romaji(of run: some Collection<Unicode.Scalar>) -> SearchText.Token {
        romajiCache.value(for: bytes(run)) { _ in
            let text = String(String.UnicodeScalarView(run))
            let latin = text.applyingTransform(.latinToHiragana, reverse: true)?
                .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) ?? ""
            return Array(latin.utf8.filter { (0x61...0x7A).contains($0) })
        }
    }
}
