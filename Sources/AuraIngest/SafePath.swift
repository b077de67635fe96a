import AuraDomain
import Foundation

/// Resolves a recording path named in a manifest, refusing any that leaves the dataset folder
/// (`..`, an absolute path, or a symlink pointing outside): nothing outside the dataset is read.
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
    guard candidate.path.hasPrefix(rootPath.hasSuffix("/") ? rootPath : rootPath + "/") else {
      throw DatasetProblem(
        path: path, line: 0, reason: "recording path '\(relative)' points outside the dataset")
    }
    return candidate
  }
}
