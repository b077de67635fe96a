import Testing

@testable import AuraReports

/// Numbers as a coach reads them: a unit on every value, a dash for none, never "nan".
@Suite struct UnitsTests {
  @Test func valuesCarryTheirUnitsAndMissingOnesADash() {
    #expect(Units.kg(82.5) == "82.5 kg")
    #expect(Units.kg(100) == "100 kg")
    #expect(Units.kg(12_345) == "12\u{2009}345 kg")
    #expect(Units.kg(nil) == "–")
    #expect(Units.velocity(0.456) == "0.46 m/s")
    #expect(Units.percent(12.4) == "12 %")
    #expect(Units.degrees(97.6) == "98°")
    #expect(Units.number(.nan) == "–")
    #expect(Units.number(.infinity) == "–")
    #expect(Units.grouped(-1_234_567) == "−1\u{2009}234\u{2009}567")
  }

  @Test func signsDaysAndWords() {
    #expect(Units.signed(12) == "+12" && Units.signed(-3) == "−3" && Units.signed(0) == "0")
    // 2026-11-16 is a Monday; 1970-01-01 a Thursday.
    #expect(Units.day("2026-11-16T07:30:00Z") == "Mon 16 Nov")
    #expect(Units.day("1970-01-01") == "Thu 1 Jan")
    #expect(Units.day("not a day") == "not a day")
    #expect(Units.words("back_squat") == "Back squat")
  }
}
