import AuraExperiments
import AuraStore
import AuraTestSupport
import Foundation
import Testing

/// A published run names the code and the data that made it: the `run` table's commit (as the
/// binary was built from) and the dataset's digest, the same for copies of a dataset wherever
/// they are and different once a file changes.
@Suite struct ProvenanceTests {
  @Test func theRunTableCitesTheCommitAndTheDatasetDigest() throws {
    let root = try TestSupport.temporaryFolder("provenance")
    defer { TestSupport.remove(root) }
    let head = try #require(ExperimentRecord.commit(in: TestSupport.repositoryRoot))
    func published(_ name: String, change: ((URL) throws -> Void)? = nil) throws -> [String] {
      let folder = root.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let dataset = try TestSupport.sampleCopy(in: folder)
      try change?(dataset)
      let out = folder.appendingPathComponent("out")
      let run = try TestSupport.nightlyRun(dataset: dataset, out: out)
      #expect(run.status == 0, "\(run.stderr)")
      let rows = try StoreReader(
        databasePath: out.appendingPathComponent("current/auralift.sqlite").path
      ).rows("SELECT code_commit, code_modified, dataset_digest, dataset FROM run")
      return try #require(rows.first)
    }
    let first = try published("a")
    let copy = try published("b")
    let edited = try published("c") { dataset in
      try Data("collected by the Tuesday group\n".utf8).write(
        to: dataset.appendingPathComponent("README.txt"))
    }
    #expect(first[0] == head && ["0", "1"].contains(first[1]), "\(first)")
    #expect(first[2].count == 64 && first[2].allSatisfy(\.isHexDigit), "\(first)")
    // Another folder, the same files: the same digest; one file more (read or not): another.
    #expect(copy[3] != first[3] && copy[2] == first[2])
    #expect(edited[2] != first[2] && edited[2].count == 64)
  }
}
