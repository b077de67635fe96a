import CProcessMemory
import Foundation

/// The process's memory policy and its peak use.
enum ProcessMemory {
  /// Keeps freed memory for reuse instead of handing it back to the kernel after each
  /// recording: every session allocates buffers of about the same size, and memory returned
  /// and taken again costs a zeroed page fault per 4 KB (a third of a large CSV's parse time).
  /// What is held stays bounded by the sessions in flight plus the 256 MB trim threshold.
  static func keepFreedMemory() {
    aura_keep_freed_memory(32 << 20, 256 << 20)
  }

  /// The peak resident set size so far, in MB.
  static var peakResidentMegabytes: Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
  }
}
