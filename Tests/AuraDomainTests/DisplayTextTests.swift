import Testing

@testable import AuraDomain

/// Names as pages and messages show them: no direction override or invisible character
/// survives, and a right-to-left name cannot reorder the text around it.
@Suite struct DisplayTextTests {
  @Test func plainNamesAreUnchanged() {
    for name in ["iron_mike1", "Jörg Müller", "Zoë 🏋️‍♀️", "李小龙"] {
      #expect(DisplayText.isolated(name) == name)
    }
  }

  @Test func overridesAndInvisibleCharactersAreRemoved() {
    #expect(DisplayText.isolated("evil\u{202E}lmth.exe") == "evillmth.exe")
    #expect(DisplayText.isolated("iron_\u{200B}mike1") == "iron_mike1")
    #expect(DisplayText.isolated("a\u{2066}b\u{2069}c\u{FEFF}") == "abc")
    #expect(DisplayText.isolated("tab\there\r\nbreak") == "tab here  break")
    // Zero-width joiners are part of emoji and of some scripts' spelling.
    #expect(DisplayText.isolated("👨‍👩‍👧") == "👨‍👩‍👧")
  }

  @Test func rightToLeftNamesAreIsolated() {
    #expect(DisplayText.isolated("דוד") == "\u{2068}דוד\u{2069}")
    #expect(DisplayText.isolated("محمد 2") == "\u{2068}محمد 2\u{2069}")
    #expect(DisplayText.isolated("\u{202E}דוד") == "\u{2068}דוד\u{2069}")
  }
}
