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
