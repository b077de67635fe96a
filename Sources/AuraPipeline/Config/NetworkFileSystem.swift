import CFileSystem
import Foundation

/// Whether a path lies on a network or cluster filesystem, by the filesystem type `statfs(2)`
/// reports: SQLite's locking is not safe there, so a database is written on local disk and
/// copied over once complete.
enum NetworkFileSystem {
  /// `f_type` magic numbers (linux/magic.h and the filesystems' own headers): NFS, SMB/CIFS
  /// (three), Ceph, Lustre, GPFS, BeeGFS, AFS, 9P, and FUSE (sshfs, s3fs and the like).
  private static let types: Set<Int64> = [
    0x6969, 0x517B, 0xFF53_4D42, 0xFE53_4D42, 0x00C3_6400, 0x0BD0_0BD0, 0x4750_4653, 0x1983_0326,
    0x5346_414F, 0x0102_1997, 0x6573_5546,
  ]

  /// True when `path` (or, where it does not exist yet, its nearest existing parent) is on one
  /// of those filesystems; false when it is local or cannot be told.
  static func contains(_ path: String) -> Bool {
    var candidate = path
    var type: UInt64 = 0
    while aura_file_system_type(candidate, &type) != 0 {
      guard errno == ENOENT, let slash = candidate.lastIndex(of: "/"), slash > candidate.startIndex
      else { return false }
      candidate = String(candidate[..<slash])
    }
    return types.contains(Int64(type & 0xFFFF_FFFF))
  }
}
