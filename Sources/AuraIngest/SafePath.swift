import AuraDomain
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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
    let candidate = resolved(sessionFolder.path + "/" + relative)
    let prefix = insidePrefix(datasetRoot)
    guard candidate.hasPrefix(prefix) else {
      throw DatasetProblem(
        path: path, line: 0, reason: "recording path '\(relative)' points outside the dataset")
    }
    // A recording folder (OpenPose, Sensor Logger, MetaWear) is read entry by entry.
    var info = stat()
    let isFolder = stat(candidate, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    let entries =
      isFolder ? (try? FileManager.default.contentsOfDirectory(atPath: candidate)) ?? [] : []
    for entry in entries {
      guard resolved(candidate + "/" + entry).hasPrefix(prefix) else {
        throw DatasetProblem(
          path: path, line: 0,
          reason: "recording path '\(relative)/\(entry)' points outside the dataset")
      }
    }
    return URL(fileURLWithPath: candidate, isDirectory: isFolder)
  }

  /// Whether `url`, its symlinks resolved, lies inside `datasetRoot`: a dataset file (a
  /// session's manifest, a table) that is a link to elsewhere is not read.
  static func isInside(_ url: URL, datasetRoot: URL) -> Bool {
    resolved(url.path).hasPrefix(insidePrefix(datasetRoot))
  }

  /// The resolved dataset folder with a final slash: what every path inside it starts with.
  private static func insidePrefix(_ datasetRoot: URL) -> String {
    let rootPath = resolved(datasetRoot.path)
    return rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
  }

  /// `path` absolute, its symlinks, `.` and `..` resolved: `realpath(3)`, a few system calls
  /// where Foundation's resolution looks at every component of it, for every recording;
  /// Foundation's where the path does not exist (realpath resolves only what exists).
  private static func resolved(_ path: String) -> String {
    guard let real = realpath(path, nil) else {
      return URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }
    defer { free(real) }
    return String(cString: real)
  }
}
