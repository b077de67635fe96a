import Foundation

/// What a full disk needs said: how much room a release takes.
enum DiskSpace {
  /// Whether `error` says the disk (or the quota) is full: ENOSPC or EDQUOT from the file
  /// system, SQLITE_FULL from SQLite (by its message: this module does not link SQLite).
  static func isFull(_ error: any Error) -> Bool {
    var nsError: NSError? = error as NSError
    while let current = nsError {
      if current.domain == NSPOSIXErrorDomain, [Int(ENOSPC), Int(EDQUOT)].contains(current.code) {
        return true
      }
      if current.domain == NSCocoaErrorDomain,
        current.code == CocoaError.fileWriteOutOfSpace.rawValue
      {
        return true
      }
      nsError = (current.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
    }
    let text = "\(error)"
    return text.contains("No space left on device") || text.contains("database or disk is full")
  }

  /// For a full disk, a sentence saying how much room the next release needs: at most what
  /// `release` (the current one) takes, less where reports are shared by hard link; nothing
  /// for any other error.
  static func fullHint(_ error: any Error, release: URL) -> String {
    guard isFull(error) else { return "" }
    let bytes = size(of: release)
    let megabytes = max(1, bytes / 1_000_000)
    let needed =
      bytes > 0 ? " about \(megabytes) MB (at most what the current release takes)" : ""
    return
      "; the disk is full: a release needs\(needed) free beside the current one (the partial release was removed)"
  }

  /// The bytes of the files under `folder`.
  static func size(of folder: URL) -> Int {
    guard
      let files = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])
    else { return 0 }
    var total = 0
    for case let file as URL in files {
      let values = try? file.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
      if values?.isRegularFile == true { total += values?.fileSize ?? 0 }
    }
    return total
  }
}
