import Foundation
import Synchronization

/// How long the server has said nothing while the publication waits on it. Every statement
/// that completes, and every block of COPY data the server takes, is an answer. The limit is
/// the client's own: `statement_timeout` is a promise the server keeps, and a server that
/// stopped answering keeps none.
final class ServerSilence: Sendable {
  /// The silence of the publication this task runs, where it is watched.
  @TaskLocal static var current: ServerSilence?

  let limit: Duration
  private let lastAnswer = Mutex(ContinuousClock.now)

  init(limit: Duration) { self.limit = limit }

  func answered() { lastAnswer.withLock { $0 = .now } }

  var exceeded: Bool { ContinuousClock.now - lastAnswer.withLock { $0 } > limit }
}

/// A continuation resumed once, by whichever of its resumers comes first.
final class FirstResult<Value: Sendable>: Sendable {
  private let continuation: Mutex<CheckedContinuation<Value, any Error>?>

  init(_ continuation: CheckedContinuation<Value, any Error>) {
    self.continuation = Mutex(continuation)
  }

  /// Whether this call was the first (and so the one that resumed).
  @discardableResult
  func resume(with result: Result<Value, any Error>) -> Bool {
    guard
      let first = continuation.withLock({ pending -> CheckedContinuation<Value, any Error>? in
        let first = pending
        pending = nil
        return first
      })
    else { return false }
    first.resume(with: result)
    return true
  }
}

enum ClientDeadline {
  /// `work`'s value, or `expired` thrown once `seconds` pass first. `work` cannot always be
  /// cancelled (a connection's handshake, a statement on a socket nobody answers), so it runs
  /// as a task this wait leaves behind; a value it makes after the deadline goes to `late`.
  static func within<Value: Sendable>(
    seconds: Double, expired: any Error,
    _ work: @escaping @Sendable () async throws -> Value,
    late: @escaping @Sendable (Value) async -> Void = { _ in }
  ) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      let result = FirstResult(continuation)
      let worker = Task {
        do {
          let value = try await work()
          if !result.resume(with: .success(value)) { await late(value) }
        } catch { result.resume(with: .failure(error)) }
      }
      Task {
        try? await Task.sleep(for: .seconds(seconds))
        if result.resume(with: .failure(expired)) { worker.cancel() }
      }
    }
  }
}
