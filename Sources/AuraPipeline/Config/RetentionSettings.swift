import Foundation

/// The pipeline file's `retention:` block: what a nightly run keeps.
///
///     retention:
///       keep_releases: 2     # releases under <out>/releases, the current one included
///       keep_weeks: 12       # weeks of reports under <out>/archive (0: no archive)
///       cache_max_mb: 2000   # after each run, `cache gc --max-size` (default: no collection)
package struct RetentionSettings: Sendable, Equatable {
  package var keepReleases = 2
  package var keepWeeks = 12
  package var cacheMaxMegabytes: Int?

  package init() {}

  /// Reads the block; throws naming the setting that is wrong.
  package init(yaml: Any) throws {
    guard let map = yaml as? [String: Any] else {
      throw PipelineError.config(
        "retention must be a mapping (keep_releases, keep_weeks, cache_max_mb)")
    }
    let known = ["keep_releases", "keep_weeks", "cache_max_mb"]
    if let unknown = map.keys.sorted().first(where: { !known.contains($0) }) {
      throw PipelineError.config(
        "retention.\(unknown) is not a setting (known: \(known.joined(separator: ", ")))")
    }
    func count(_ key: String, least: Int) throws -> Int? {
      guard let value = map[key] else { return nil }
      guard let number = value as? Int, number >= least else {
        throw PipelineError.config("retention.\(key) must be a whole number, at least \(least)")
      }
      return number
    }
    keepReleases = try count("keep_releases", least: 1) ?? keepReleases
    keepWeeks = try count("keep_weeks", least: 0) ?? keepWeeks
    cacheMaxMegabytes = try count("cache_max_mb", least: 1)
  }
}
