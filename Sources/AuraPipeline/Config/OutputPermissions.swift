import AuraSupport
import Foundation

/// Applies a pipeline's `output_mode` to what an output already holds, not only to what a run
/// writes (the umask's reach): switching from `shared` to `private` makes every earlier
/// release, the records (coaches' emails) and the cache private too. The mode applied last is
/// kept in `.state/output-mode`, so the walk over the output happens once per change.
enum OutputPermissions {
  /// Where the output's mode differs from the one applied last (or none was recorded), sets
  /// every folder to `0777 &~ umask` and every file to `0666 &~ umask` (an owner's execute bit
  /// kept); returns how many paths changed, nil when nothing needed doing.
  @discardableResult
  static func apply(_ mode: PipelineConfig.OutputMode, out: URL) throws -> Int? {
    let record = OutputLayout(out).record("output-mode")
    let applied = try? String(contentsOf: record, encoding: .utf8)
    guard applied?.trimmingCharacters(in: .whitespacesAndNewlines) != mode.rawValue else {
      return nil
    }
    var changed = 0
    func set(_ path: String) {
      var info = stat()
      guard lstat(path, &info) == 0 else { return }
      let kind = info.st_mode & S_IFMT
      guard kind == S_IFDIR || kind == S_IFREG else { return }
      let base: mode_t = kind == S_IFDIR ? 0o777 : 0o666 | (info.st_mode & S_IXUSR)
      let wanted = base & ~mode.umask
      if info.st_mode & 0o7777 != wanted, chmod(path, wanted) == 0 { changed += 1 }
    }
    if FileManager.default.fileExists(atPath: out.path) {
      set(out.path)
      if let walk = FileManager.default.enumerator(atPath: out.path) {
        for case let relative as String in walk { set(out.path + "/" + relative) }
      }
    }
    try FileManager.default.createDirectory(
      at: record.deletingLastPathComponent(), withIntermediateDirectories: true)
    try AtomicFile.write(Data((mode.rawValue + "\n").utf8), to: record)
    return changed
  }
}
