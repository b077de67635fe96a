import Testing

@testable import AuraDomain

/// A roster's flags read back from their published spelling and sort by how soon they need
/// the coach.
@Suite struct AttentionFlagTests {
  @Test func publishedFlagsReadBackMostUrgentFirstAndUnknownOnesAreLeftOut() {
    let flags = AttentionFlag.parse("check_entry,missed_sessions,velocity_loss,late_night")
    #expect(flags == [.checkEntry, .missedSessions, .velocityLoss])
    #expect(flags.sorted() == [.velocityLoss, .missedSessions, .checkEntry])
    #expect(flags.sorted().map(\.severity) == [.act, .watch, .check])
    #expect(AttentionFlag.parse(nil).isEmpty && AttentionFlag.parse("").isEmpty)
  }

  @Test func everyFlagOfALevelComesBeforeEveryFlagOfALowerOne() {
    for a in AttentionFlag.allCases {
      for b in AttentionFlag.allCases where a.severity < b.severity { #expect(a < b) }
    }
  }
}
