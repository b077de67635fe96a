import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Bytes a run sets aside and reads back by place: a file in the temporary folder (`TMPDIR`),
/// removed from its folder as soon as it is made, so that it holds no memory and leaves nothing
/// behind however the run ends. Where no such file can be made or written (a read-only or
/// full temporary folder), the bytes are held in memory instead: the run goes on, using more of
/// it.
///
/// Written by one owner (`Writer`), then read by any thread (`pread` keeps no position).
package final class ScratchFile: Sendable {
  private enum Storage: Sendable {
    case file(Int32)
    case memory([UInt8])
  }

  private let storage: Storage
  /// How many bytes it holds.
  package let count: Int

  private init(storage: Storage, count: Int) {
    self.storage = storage
    self.count = count
  }

  deinit {
    if case .file(let descriptor) = storage { close(descriptor) }
  }

  /// Whether the bytes are on disk (false where they fell back to memory).
  package var isOnDisk: Bool {
    if case .file = storage { true } else { false }
  }

  /// The `length` bytes from `offset`. A file that can no longer be read stops the run with
  /// the system's reason: what it held is gone.
  package func read(offset: Int, length: Int) -> [UInt8] {
    precondition(offset >= 0 && length >= 0 && offset + length <= count, "outside the scratch")
    switch storage {
    case .memory(let bytes):
      return Array(bytes[offset..<offset + length])
    case .file(let descriptor):
      var bytes = [UInt8](repeating: 0, count: length)
      var done = 0
      while done < length {
        let got = bytes.withUnsafeMutableBytes {
          pread(descriptor, $0.baseAddress! + done, length - done, off_t(offset + done))
        }
        if got < 0 && errno == EINTR { continue }
        guard got > 0 else {
          fatalError(
            "the run's scratch file could not be read: \(String(cString: strerror(errno)))")
        }
        done += got
      }
      return bytes
    }
  }

  /// Appends bytes, buffered, then hands over what it wrote as a `ScratchFile` (once).
  package final class Writer {
    private var descriptor: Int32?
    /// Bytes not yet written to the file; every byte where there is no file.
    private var pending: [UInt8] = []
    private var written = 0
    private static let flushAt = 256 * 1024

    /// A new scratch file in `folder` (`TMPDIR`, else /tmp, when nil), or memory where none
    /// can be made there.
    package init(folder: String? = nil) {
      let folder =
        folder ?? ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
        ?? "/tmp"
      var template = Array("\(folder)/auralift-scratch-XXXXXX".utf8CString)
      let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      if made >= 0 {
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(made, F_SETFD, FD_CLOEXEC)
        descriptor = made
      }
    }

    /// Where the next byte appended goes.
    package var count: Int { written + pending.count }

    package func append(_ bytes: some Collection<UInt8>) {
      pending.append(contentsOf: bytes)
      if descriptor != nil && pending.count >= Self.flushAt { flush() }
    }

    /// The bytes appended, to read back.
    package func finish() -> ScratchFile {
      flush()
      if let file = descriptor {
        descriptor = nil
        return ScratchFile(storage: .file(file), count: written)
      }
      let held = pending
      pending = []
      return ScratchFile(storage: .memory(held), count: held.count)
    }

    /// Writes what is pending; where the file fails, reads back what it holds and goes on in
    /// memory.
    private func flush() {
      guard let file = descriptor, !pending.isEmpty else { return }
      var done = 0
      while done < pending.count {
        let wrote = pending.withUnsafeBytes {
          write(file, $0.baseAddress! + done, pending.count - done)
        }
        if wrote < 0 && errno == EINTR { continue }
        guard wrote > 0 else { return fallBackToMemory(file, written: written + done) }
        done += wrote
      }
      written += pending.count
      pending.removeAll(keepingCapacity: true)
    }

    private func fallBackToMemory(_ file: Int32, written fileBytes: Int) {
      var held = [UInt8](repeating: 0, count: fileBytes)
      var done = 0
      while done < fileBytes {
        let got = held.withUnsafeMutableBytes {
          pread(file, $0.baseAddress! + done, fileBytes - done, off_t(done))
        }
        if got < 0 && errno == EINTR { continue }
        precondition(got > 0, "the run's scratch file could not be read back")
        done += got
      }
      close(file)
      descriptor = nil
      // What this flush had written is in `held`; the rest is still pending after it.
      held.append(contentsOf: pending[(fileBytes - written)...])
      pending = held
      written = 0
    }

    deinit {
      if let descriptor { close(descriptor) }
    }
  }
}
