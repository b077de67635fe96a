import AuraDomain
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Resolves a recording path named in a manifest, refusing any that leaves the dataset folder
/// (`..`, an absolute path, or a symlink pointing outside, also one inside a recording folder):
/// nothing outside the dataset is read.
enum SafePath {
  /// A dataset folder, resolved once: a session's manifest and each of its recordings are
  /// checked against it without resolving the folder again for each.
  struct Root {
    /// The resolved dataset folder with a final slash: what every path inside it starts with.
    let prefix: String

    init(_ datasetRoot: URL) {
      let rootPath = SafePath.resolved(datasetRoot.path)
      prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
    }

    /// Whether `url`, its symlinks resolved, lies inside the dataset: a dataset file (a
    /// session's manifest, a table) that is a link to elsewhere is not read.
    func contains(_ url: URL) -> Bool { SafePath.resolved(url.path).hasPrefix(prefix) }

    /// The recording at `relative` to `sessionFolder`, resolved, where it and (for a folder)
    /// every entry in it lie inside the dataset; throws a problem reported at `path`.
    func resolve(_ relative: String, in sessionFolder: URL, reportAs path: String) throws -> URL {
      guard !relative.isEmpty, !relative.hasPrefix("/"),
        !relative.split(separator: "/").contains("..")
      else {
        throw DatasetProblem(
          path: path, line: 0, reason: "recording path '\(relative)' leaves the dataset folder")
      }
      let candidate = SafePath.resolved(sessionFolder.path + "/" + relative)
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
        guard SafePath.resolved(candidate + "/" + entry).hasPrefix(prefix) else {
          throw DatasetProblem(
            path: path, line: 0,
            reason: "recording path '\(relative)/\(entry)' points outside the dataset")
        }
      }
      return URL(fileURLWithPath: candidate, isDirectory: isFolder)
    }
  }

  /// `Root.resolve` for one path.
  static func resolve(
    _ relative: String, in sessionFolder: URL, datasetRoot: URL, reportAs path: String
  ) throws -> URL {
    try Root(datasetRoot).resolve(relative, in: sessionFolder, reportAs: path)
  }

  /// `Root.contains` for one path.
  static func isInside(_ url: URL, datasetRoot: URL) -> Bool { Root(datasetRoot).contains(url) }

  /// `path` absolute, its symlinks, `.` and `..` resolved: `realpath(3)`, a few system calls
  /// where Foundation's resolution looks at every component of it, for every recording;
  /// Foundation's where the path does not exist (realpath resolves only what exists).
  fileprivate static func resolved(_ path: String) -> String {
    guard let real = realpath(path, nil) else {
      return URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }
    defer { free(real) }
    return String(cString: real)
  }
}
