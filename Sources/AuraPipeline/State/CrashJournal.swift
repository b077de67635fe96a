import AuraDomain
import AuraSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Which session partitions were being computed when a run died (`<out>/.state/in-flight`),
/// so that the next run computes them in a process of their own: a defect that traps on one
/// session then fails that session instead of every run that reaches it.
///
/// A line `+ <partition>` is appended before a computation and `- <partition>` after it
/// returns; a partition started and not finished since is a suspect. A run that dies (a trap,
/// SIGKILL) leaves its in-flight partitions as suspects, and so does an isolated computation
/// that crashed: it stays isolated until it completes. Appends are one `write` each on a
/// descriptor opened with `O_APPEND` (atomic between threads), not flushed: a power loss may
/// lose the last lines, and with them only the next run's isolation.
final class CrashJournal: Sendable {
  /// The partitions to compute in a process of their own.
  let suspects: Set<String>
  private let descriptor: Int32

  /// Reads the journal the last runs left and starts a new one that holds only its suspects.
  init(out: URL) throws {
    let file = Self.file(out: out)
    suspects = Self.suspects(out: out)
    try AtomicFile.write(
      Data(suspects.sorted().map { "+ \($0)\n" }.joined().utf8), to: file, durable: false)
    descriptor = open(file.path, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
    }
  }

  deinit { close(descriptor) }

  static func file(out: URL) -> URL { OutputLayout(out).inFlight }

  /// The suspects the journal under `out` holds now.
  static func suspects(out: URL) -> Set<String> {
    suspects(in: (try? String(contentsOf: file(out: out), encoding: .utf8)) ?? "")
  }

  /// The partitions `text` records as started and not finished since.
  static func suspects(in text: String) -> Set<String> {
    var open = Set<String>()
    for line in text.split(separator: "\n") where line.count > 2 {
      let partition = String(line.dropFirst(2))
      switch line.first {
      case "+": open.insert(partition)
      case "-": open.remove(partition)
      default: continue
      }
    }
    return open
  }

  /// Records that `partition` is about to be computed.
  func started(_ partition: String) { append("+ \(partition)\n") }

  /// Records that the computation of `partition` returned.
  func finished(_ partition: String) { append("- \(partition)\n") }

  /// A journal line that cannot be written only weakens the next run's isolation.
  private func append(_ line: String) {
    var line = line
    line.withUTF8 { bytes in _ = write(descriptor, bytes.baseAddress, bytes.count) }
  }
}
