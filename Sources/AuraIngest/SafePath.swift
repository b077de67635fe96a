import AuraDomain
import Foundation

/// Resolves a recording path named in a manifest, refusing any that leaves the dataset folder
/// (`..`, an absolute path, or a symlink pointing outside, also one inside a recording folder):
/// nothing outside the dataset is read.
enum SafePath {
  static func resolve(
    _ relative: String, in sessionFolder: URL, datasetRoot: URL, reportAs path: String
  ) throws
    -> URL
  {
    guard !relative.isEmpty, !relative.hasPrefix("/"),
      !relative.split(separator: "/").contains("..")
    else {
      throw DatasetProblem(
        path: path, line: 0, reason: "recording path '\(relative)' leaves the dataset folder")
    }
    let candidate = sessionFolder.appendingPathComponent(relative).resolvingSymlinksInPath()
      .standardizedFileURL
    let rootPath = datasetRoot.resolvingSymlinksInPath().standardizedFileURL.path
    let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
    guard candidate.path.hasPrefix(prefix) else {
      throw DatasetProblem(
        path: path, line: 0, reason: "recording path '\(relative)' points outside the dataset")
    }
    // A recording folder (OpenPose, Sensor Logger, MetaWear) is read entry by entry.
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: candidate.path)) ?? []
    for entry in entries {
      let target = candidate.appendingPathComponent(entry).resolvingSymlinksInPath()
        .standardizedFileURL
      guard target.path.hasPrefix(prefix) else {
        throw DatasetProblem(
          path: path, line: 0,
          reason: "recording path '\(relative)/\(entry)' points outside the dataset")
      }
    }
    return candidate
  }

  /// Whether `url`, its symlinks resolved, lies inside `datasetRoot`: a dataset file (a
  /// session's manifest, a table) that is a link to elsewhere is not read.
  static func isInside(_ url: URL, datasetRoot: URL) -> Bool {
    let rootPath = datasetRoot.resolvingSymlinksInPath().standardizedFileURL.path
    let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
    return url.resolvingSymlinksInPath().standardizedFileURL.path.hasPrefix(prefix)
  }
}
