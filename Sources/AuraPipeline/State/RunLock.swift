import AuraDomain
import AuraSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One writer per output folder: an exclusive `flock(2)` on `<out>/.state/lock`, whose content
/// names the holder (pid, host, start time).
///
/// The kernel drops the lock when its holder dies, however it dies (SIGKILL included), so a
/// lock file that still names an owner while the lock itself is free was left by a killed
/// run: the next run takes it over and says whose it was. A clean release empties the file.
/// (`flock` is honoured by local filesystems and by NFSv4; a shared output folder on a
/// filesystem without locks is not supported.)
package final class RunLock: Sendable {
  /// Who holds (or held) the lock.
  package struct Owner: Codable, Sendable, Equatable, CustomStringConvertible {
    package var pid: Int32
    package var host: String
    package var startedAt: String

    package init(pid: Int32, host: String, startedAt: String) {
      self.pid = pid
      self.host = host
      self.startedAt = startedAt
    }

    /// This process, now.
    package static func current(startedAt: String) -> Owner {
      Owner(
        pid: ProcessInfo.processInfo.processIdentifier,
        host: ProcessInfo.processInfo.hostName, startedAt: startedAt)
    }

    package var description: String { "pid \(pid) on \(host), started \(startedAt)" }
  }

  /// The owner of a stale lock this run took over, if there was one.
  package let takenOverFrom: Owner?
  private let descriptor: Int32
  private let path: String

  /// Takes the lock on `out`, polling for up to `wait` seconds while another run holds it;
  /// throws `PipelineError.lockHeld` naming the holder when the wait runs out.
  package init(out: URL, owner: Owner, wait: TimeInterval) throws {
    let layout = OutputLayout(out)
    let state = layout.state
    do {
      try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    } catch {
      throw PipelineError.fatal(
        "nothing published: cannot create the output folder \(state.path): \(ErrorMessage.reason(error))"
      )
    }
    path = layout.lock.path
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw PipelineError.fatal("cannot open the lock \(path): \(String(cString: strerror(errno)))")
    }
    let deadline = Date().addingTimeInterval(max(0, wait))
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
        let holder = Self.readOwner(descriptor)
        close(descriptor)
        throw PipelineError.lockHeld(
          "\(out.path) is locked by another run (\(holder.map(\.description) ?? "unknown holder")); waited \(Int(max(0, wait))) s"
        )
      }
      usleep(100_000)
    }
    takenOverFrom = Self.readOwner(descriptor)
    do {
      try Self.writeOwner(descriptor, owner)
    } catch {
      close(descriptor)
      throw error
    }
  }

  /// Empties the lock file and releases the lock.
  package func release() {
    _ = ftruncate(descriptor, 0)
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  private static func readOwner(_ descriptor: Int32) -> Owner? {
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = pread(descriptor, &bytes, bytes.count, 0)
    guard count > 0 else { return nil }
    return try? JSONDecoder().decode(Owner.self, from: Data(bytes[0..<count]))
  }

  private static func writeOwner(_ descriptor: Int32, _ owner: Owner) throws {
    let data = try JSONEncoder().encode(owner)
    guard ftruncate(descriptor, 0) == 0,
      data.withUnsafeBytes({ pwrite(descriptor, $0.baseAddress, $0.count, 0) }) == data.count
    else {
      throw PipelineError.fatal("cannot write the lock: \(String(cString: strerror(errno)))")
    }
    _ = fsync(descriptor)
  }
}
