import AuraStore
import AuraTestSupport
import Foundation
import Testing

@testable import AuraPipeline

/// The run's state read back: a session is remembered only with a key of every per-session
/// stage, each a digest, so records of a build with other stages (or cut short) make it
/// computed again rather than stop the run.
@Suite struct RunStateTests {
  @Test func aSessionWithoutEveryStagesKeyIsNotRemembered() throws {
    // Keys as a plan makes them (SHA-256 in hex), leading zeros and all.
    let f1 = "00" + String(repeating: "0123456789abcdef", count: 4).dropFirst(2)
    let s1 = String(repeating: "fedcba9876543210", count: 4)
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(out) }
    try RunRecords.writable(out: out).save(
      publication: nil,
      sessions: [
        .init(
          partition: "sessions/s-1", keys: ["features": f1, "scoring": s1],
          athleteId: "a-1", startTime: "2026-11-20T18:00:00Z", recordingsSetAside: false),
        .init(
          partition: "sessions/s-2", keys: ["features": f1], athleteId: nil, startTime: nil,
          recordingsSetAside: false),
        .init(
          partition: "sessions/s-3", keys: ["features": f1, "scoring": "s1"], athleteId: nil,
          startTime: nil, recordingsSetAside: false),
      ], problems: [])
    let sessions = RunState(out: out).sessions()
    #expect(Array(sessions.keys) == ["sessions/s-1"])
    #expect(sessions["sessions/s-1"]?.keys[.scoring] == s1)
    #expect(sessions["sessions/s-1"]?.keys[.features] == f1)
    #expect(sessions["sessions/s-1"]?.published?.athleteId == "a-1")
  }
}
