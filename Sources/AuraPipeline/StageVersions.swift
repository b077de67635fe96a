/// Code version of each stage: bump one when its output for the same input changes, and
/// exactly that stage and those after it rerun.
package enum StageVersions {
  /// The release, as `--version` prints it.
  package static let release = "2026.11"
  package static let ingest = 12
  package static let features = 41
  package static let scoring = 5
  package static let aggregation = 10
  package static let reports = 6
  /// Published schema version (the last migration).
  package static let schema = 12

  /// One line naming every version, stored in the `run` table and report footers.
  package static var summary: String {
    "ingest \(ingest), features \(features), scoring \(scoring), aggregation \(aggregation), reports \(reports), schema \(schema)"
  }
}
