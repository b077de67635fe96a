import AuraDomain
import AuraTestParameters
import Foundation
import Testing

@testable import AuraFeatures
@testable import AuraScoring

/// The form score's components, what each camera view may judge, and the written feedback.
@Suite struct FormScoreTests {
  let squat = ExerciseCatalog.builtIn.resolve("back_squat")!

  func scorer(_ overrides: [String] = []) throws -> FormScorer {
    FormScorer(settings: try .init(NightlyParameters.load(overrides)))
  }

  /// A squat rep: 2 s down, no pause, 1 s up.
  func rep(
    _ number: Int, rom: Double, lean: Double = 30, drift: Double = 0.03,
    left: Double? = nil, right: Double? = nil, eccentric: Double = 2
  ) -> RepFeatures {
    RepFeatures(
      repNumber: number, startSeconds: Double(number) * 4, endSeconds: Double(number) * 4 + 3,
      eccentricSeconds: eccentric, pauseSeconds: 0, concentricSeconds: 1, romDegrees: rom,
      leftRomDegrees: left, rightRomDegrees: right, poseVelocity: BarVelocity(mean: 0.5, peak: 0.9),
      imuVelocity: nil, barPathDeviationMeters: drift, maxTrunkLeanDegrees: lean,
      interpolatedFraction: 0)
  }

  func set(_ reps: [RepFeatures]) -> SetFeatures {
    SetFeatures(
      setNumber: 1, exerciseId: "back_squat", loadKg: 100, loggedReps: reps.count, loggedRPE: 8,
      targetTempo: Tempo(notation: "2-0-1"), startSeconds: 0, endSeconds: 30, source: .pose,
      reps: reps, velocityLossPercent: 10)
  }

  @Test func cleanRepsScoreFullMarks() throws {
    let form = try scorer().score(
      set((1...5).map { rep($0, rom: 102) }), exercise: squat, view: "sagittal")
    #expect(form.repScores == Array(repeating: 100, count: 5))
    #expect(form.feedback.isEmpty)
    // Side view: no symmetry judged.
    #expect(form.components[.symmetry] == nil)
    #expect(form.components[.depth] == 100)
  }

  /// Rushed lowering (0.5 s against a 2 s target) costs tempo where the phases were measured;
  /// where the recording cannot tell lowering from lifting (a watch), tempo is not judged.
  @Test func tempoIsJudgedOnlyWhereThePhasesWereMeasured() throws {
    var rushed = set((1...5).map { rep($0, rom: 102, eccentric: 0.5) })
    let measured = try scorer().score(rushed, exercise: squat, view: "sagittal")
    #expect(try #require(measured.components[.tempo]) < 50)
    #expect(measured.feedback.contains { $0.hasPrefix("eccentric as fast as") })
    rushed.phasesMeasured = false
    let unmeasured = try scorer().score(rushed, exercise: squat, view: "sagittal")
    #expect(unmeasured.components[.tempo] == nil)
    #expect(!unmeasured.feedback.contains { $0.hasPrefix("eccentric as fast as") })
  }

  @Test func shallowRepsAreNamedWithTheirShortfall() throws {
    // Reps 4-5 stop 12° and 10° short of the 100° squat target; with a 20° tolerance their
    // depth components are 40 and 50.
    let reps = [
      rep(1, rom: 101), rep(2, rom: 100), rep(3, rom: 100), rep(4, rom: 88), rep(5, rom: 90),
    ]
    let form = try scorer().score(set(reps), exercise: squat, view: "sagittal")
    let depth = try #require(form.components[.depth])
    let expectedDepth: Double = (100 + 100 + 100 + 40 + 50) / 5
    #expect(abs(depth - expectedDepth) < 1e-9)
    #expect(
      form.feedback.first
        == "depth 12° short of the 100° target on reps 4-5: sit lower, until the hip crease passes the top of the knee"
    )
    // Rep 4: depth 40 (weight 0.3), consistency |88 − 100| of 15 → 20 (weight 0.1), the rest
    // 100 (weights 0.2 + 0.15 + 0.15) over 0.9 of weight.
    let expected: Double = (0.3 * 40 + 0.1 * 20 + 0.5 * 100) / 0.9
    #expect(abs(form.repScores[3] - (expected * 10).rounded() / 10) < 1e-9)
  }

  @Test func frontViewJudgesSymmetryNotDepthOrLean() throws {
    let reps = (1...4).map { rep($0, rom: 70, lean: 60, left: 100, right: 80) }
    let form = try scorer().score(set(reps), exercise: squat, view: "frontal")
    #expect(form.components[.depth] == nil)
    #expect(form.components[.trunk] == nil)
    // Robinson index |80 − 100| / 90 = 22.2 % against a 20 % tolerance: 0.
    #expect(form.components[.symmetry] == 0)
    #expect(form.feedback.first?.hasPrefix("left and right sides moved") == true)
  }

  @Test func fastEccentricAndLeaningTrunkAreFlagged() throws {
    let reps = [
      rep(1, rom: 100, lean: 30), rep(2, rom: 100, lean: 33),
      rep(3, rom: 100, lean: 44, eccentric: 0.8),
    ]
    let form = try scorer().score(set(reps), exercise: squat, view: "sagittal")
    // Rep 3 leans 14° more than rep 1 (tolerance 15°): 6.7; its eccentric 0.8 of 2 s: 40.
    let trunk = try #require(form.components[.trunk])
    let expectedTrunk: Double = (100 + 80 + 100.0 / 15) / 3
    #expect(abs(trunk - expectedTrunk) < 1e-9)
    #expect(
      form.feedback.contains(
        "trunk leaned 14° further forward than on rep 1 on rep 3: brace before each rep and keep the chest up"
      ))
    #expect(
      form.feedback.contains(
        "eccentric as fast as 0.8 s against the 2 s target on rep 3: count the lowering phase and control it"
      ))
  }

  @Test func weightsComeFromThePipelineFile() throws {
    let reps = [rep(1, rom: 100), rep(2, rom: 100), rep(3, rom: 80)]
    let depthOnly = try scorer([
      "scoring.form.tempo_weight=0", "scoring.form.bar_path_weight=0",
      "scoring.form.trunk_weight=0",
      "scoring.form.consistency_weight=0",
    ]).score(set(reps), exercise: squat, view: "sagittal")
    // Only depth counts: rep 3 is 20° short, the whole tolerance.
    #expect(depthOnly.repScores == [100, 100, 0])
    #expect(FormFeedback.repList([2, 3, 4, 7]) == "reps 2-4, 7")
  }

  /// A set whose count the recording cannot support has reps that are not known to be reps:
  /// no form score, no feedback, and its XP counts the reps the athlete logged.
  @Test func aSetWithoutACountIsNotScoredOnItsReps() throws {
    let scorer = SessionScorer(
      form: try scorer(), gamification: Gamification(settings: try .init(NightlyParameters.load())),
      catalog: .builtIn)
    var unknown = set((0..<3).map { rep($0 + 1, rom: 100) })
    unknown.repCountUnknown = "a rep of 13 s is longer than any exercise's"
    unknown.loggedReps = 5
    let session = SessionFeatures(
      sessionId: "s-1", athleteId: "a-1",
      startTime: try #require(SessionTime("2026-11-02T18:00:00Z")),
      endTime: nil, notes: nil, sets: [set((0..<3).map { rep($0 + 1, rom: 100) }), unknown],
      recordings: [], poseView: "sagittal", poseScale: nil, morpho: nil, warnings: [])
    let scored = scorer.score(session)
    #expect(scored.sets[0].formScore != nil)
    #expect(scored.sets[1].formScore == nil)
    #expect(scored.sets[1].feedback.isEmpty && scored.sets[1].formComponents.isEmpty)
    #expect(scored.sets[1].volumeKg == 500)
  }
}
