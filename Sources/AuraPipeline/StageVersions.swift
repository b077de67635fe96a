/// Code version of each stage: bump one when its output for the same input changes, and
/// exactly that stage and those after it rerun.
public enum StageVersions {
  public static let ingest = 6
  public static let features = 23
  public static let scoring = 4
  public static let aggregation = 8
  public static let reports = 3
  /// Published schema (OUTPUT.md) version.
  public static let schema = 5

  /// One line naming every version, stored in the `run` table and report footers.
  public static var summary: String {
    "ingest \(ingest), features \(features), scoring \(scoring), aggregation \(aggregation), reports \(reports), schema \(schema)"
  }
}
