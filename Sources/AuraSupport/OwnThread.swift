import Foundation

/// Runs synchronous work that blocks (thread pools it waits for, locks, file I/O) on a thread
/// of its own and awaits its result, so that no thread of Swift's cooperative pool ever
/// blocks. Pinned to one CPU that pool has one thread: blocked there, the run would idle until
/// libdispatch decided to grow its own pool, about a second per wait.
package enum OwnThread {
  /// The stack of the thread: the main thread's usual 8 MiB, so that work moved off it keeps
  /// the depth it had there.
  static let stackBytes = 8 << 20

  /// `body`'s result (or error), computed on a new thread while the caller is suspended.
  package static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws
    -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      let thread = Thread { continuation.resume(with: Result { try body() }) }
      thread.stackSize = stackBytes
      thread.start()
    }
  }
}
