import AuraIngest
import AuraTestSupport
import Foundation
import Testing

@testable import AuraSynth

/// The generator is a fixture every accuracy test stands on: one seed gives one dataset, byte
/// for byte, and the dataset is what its truth says and what the readers accept.
@Suite struct DatasetSynthesizerTests {
  /// Every file under `folder` with its bytes.
  static func files(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      var isFolder: ObjCBool = false
      FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
      if !isFolder.boolValue {
        files[String(url.path.dropFirst(folder.path.count))] = try Data(contentsOf: url)
      }
    }
    return files
  }

  @Test func oneSeedGivesOneDatasetAndAnotherSeedAnother() throws {
    let (first, truth) = try TestSupport.generatedDataset(athletes: 2, sessions: 2, seed: 71)
    let (second, _) = try TestSupport.generatedDataset(athletes: 2, sessions: 2, seed: 71)
    let (other, _) = try TestSupport.generatedDataset(athletes: 2, sessions: 2, seed: 72)
    defer { TestSupport.remove(first, second, other) }
    let files = try Self.files(first)
    #expect(!files.isEmpty)
    #expect(files == (try Self.files(second)))
    #expect(files != (try Self.files(other)))
    #expect(truth.seed == 71 && !truth.sessions.isEmpty)
  }

  /// With form fading, every other athlete lifts only partial reps from the Monday of the
  /// data's last ISO week, as truth.json says; the others and every earlier set are as drawn.
  @Test func fadingAthletesLiftPartialRepsInTheLastWeek() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    var config = SynthConfig(
      athletes: 4, sessionsPerAthlete: 6, seed: 9, noise: .low, startDate: "2026-11-02",
      logOnlyShare: 0)
    config.weeks = 2
    config.formFades = true
    let truth = try DatasetSynthesizer(config: config).write(to: folder)
    let athletes = try #require(truth.athletes)
    #expect(athletes.map(\.formFadesFrom) == [nil, "2026-11-09", nil, "2026-11-09"])
    var faded = 0
    for session in truth.sessions {
      let manifest = try #require(
        try JSONSerialization.jsonObject(
          with: Data(
            contentsOf: folder.appendingPathComponent("sessions/\(session.sessionId)/session.json"))
        )
          as? [String: Any])
      let athlete = try #require(manifest["athlete_id"] as? String)
      let day = String((manifest["start_time"] as? String ?? "").prefix(10))
      let fades = athletes.first { $0.athleteId == athlete }?.formFadesFrom
      if let fades, day >= fades {
        #expect(session.sets.allSatisfy { $0.formLabel == "bad" }, "\(session.sessionId)")
        faded += session.sets.count
      }
    }
    #expect(faded > 0)
  }

  /// A gym of any shape: athletes shared in turn among the coaches asked for, sessions spread
  /// over the weeks asked for from the day asked for, and the readers accept it.
  @Test func coachesWeeksAndStartShapeTheGym() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    var config = SynthConfig(
      athletes: 7, sessionsPerAthlete: 4, seed: 5, noise: .low, startDate: "2026-10-05",
      logOnlyShare: 0.5)
    config.coaches = 3
    config.weeks = 4
    _ = try DatasetSynthesizer(config: config).write(to: folder)
    let tables = try DatasetTablesReader.read(root: folder)
    #expect(tables.problems.isEmpty, "\(tables.problems)")
    #expect(tables.coaches.map(\.id).sorted() == ["c-1", "c-2", "c-3"])
    let perCoach = Dictionary(grouping: tables.athletes, by: { $0.coachId ?? "" }).mapValues(
      \.count)
    #expect(perCoach == ["c-1": 3, "c-2": 2, "c-3": 2])
    let sessions = folder.appendingPathComponent("sessions")
    let days = try FileManager.default.contentsOfDirectory(atPath: sessions.path).map { id in
      let manifest = try JSONSerialization.jsonObject(
        with: Data(contentsOf: sessions.appendingPathComponent("\(id)/session.json")))
      return String(((manifest as? [String: Any])?["start_time"] as? String ?? "").prefix(10))
    }.sorted()
    #expect(days.count == 28)
    #expect(days.first == "2026-10-05")
    #expect(days.last.map { $0 >= "2026-10-26" && $0 <= "2026-11-01" } == true, "\(days)")
    #expect(tables.wellness.map(\.date).max() == "2026-11-01")
  }

  @Test func theDatasetIsWhatItsTruthSaysAndTheReadersAcceptIt() throws {
    let (folder, truth) = try TestSupport.generatedDataset(athletes: 3, sessions: 2, seed: 73)
    defer { TestSupport.remove(folder) }
    let tables = try DatasetTablesReader.read(root: folder)
    #expect(tables.problems.isEmpty, "\(tables.problems)")
    #expect(tables.athletes.count == 3)
    #expect(Set(tables.athletes.map(\.id)) == Set((truth.athletes ?? []).map(\.athleteId)))
    // Two sessions an athlete; the truth holds the recorded ones.
    let folders = try SessionReader.sessionFolders(datasetRoot: folder)
    #expect(folders.count == 6)
    #expect(Set(truth.sessions.map(\.sessionId)).isSubset(of: Set(folders)))
    #expect(!truth.sessions.isEmpty)
  }
}
