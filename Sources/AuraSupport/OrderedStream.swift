import Foundation

extension WorkerPool {
  /// Runs `produce` on each of `items` on a pool of `workers` threads (0: one per core) while
  /// this thread consumes what they emit: item by item in input order, each item's values in
  /// the order they were emitted. An item holds at most `buffer` values not yet consumed (its
  /// producer waits), and producers start items at most twice their number ahead of the one
  /// consumed, so what is held depends on the workers and the buffer, not on the items.
  /// Returns each item's result in input order.
  ///
  /// Errors: the first one met in input order, a producer's or `consume`'s, stops the rest (a
  /// producer waiting to emit is woken and its `emit` throws) and is thrown once every producer
  /// has returned.
  package static func stream<T: Sendable, V: Sendable, R: Sendable>(
    _ items: [T], workers: Int = 0, buffer: Int,
    produce: @Sendable (T, _ emit: (V) throws -> Void) throws -> R,
    consume: (V) throws -> Void
  ) throws -> [R] {
    let producers = max(1, min(threads(workers), items.count))
    let state = StreamState<V, R>(
      count: items.count, buffer: max(1, buffer), window: 2 * producers)
    let group = DispatchGroup()
    return try withoutActuallyEscaping(produce) { produce in
      DispatchQueue.global().async(group: group) {
        DispatchQueue.concurrentPerform(iterations: producers) { _ in
          while let index = state.claim() {
            state.finish(
              index, Result { try produce(items[index]) { try state.push($0, to: index) } })
          }
        }
      }
      var results: [R] = []
      do {
        for index in items.indices {
          consuming: while true {
            switch state.take(from: index) {
            case .value(let value): try consume(value)
            case .finished(let result):
              results.append(try result.get())
              break consuming
            }
          }
        }
      } catch {
        state.cancel()
        group.wait()
        throw error
      }
      group.wait()
      return results
    }
  }
}

/// The items of a `WorkerPool.stream`: what each has emitted and not yet given up, and how
/// each finished, under one lock.
private final class StreamState<V, R>: @unchecked Sendable {
  enum Next {
    case value(V)
    case finished(Result<R, any Error>)
  }

  /// Thrown by `push` once the stream is cancelled.
  struct Cancelled: Error {}

  private let condition = NSCondition()
  private let buffer: Int
  private let window: Int
  private var queues: [[V]]
  private var outcomes: [Result<R, any Error>?]
  private var claimed = 0
  /// The item the consumer is on.
  private var consuming = 0
  private var cancelled = false

  init(count: Int, buffer: Int, window: Int) {
    self.buffer = buffer
    self.window = window
    queues = Array(repeating: [], count: count)
    outcomes = Array(repeating: nil, count: count)
  }

  /// The next item to produce, in input order, once it is less than `window` items ahead of
  /// the consumer; nil when all are taken or the stream is cancelled.
  func claim() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    while claimed >= consuming + window, !cancelled { condition.wait() }
    guard !cancelled, claimed < queues.count else { return nil }
    claimed += 1
    return claimed - 1
  }

  /// Adds a value of item `index`, waiting while its buffer is full.
  func push(_ value: V, to index: Int) throws {
    condition.lock()
    defer { condition.unlock() }
    while queues[index].count >= buffer, !cancelled { condition.wait() }
    guard !cancelled else { throw Cancelled() }
    queues[index].append(value)
    condition.broadcast()
  }

  func finish(_ index: Int, _ outcome: Result<R, any Error>) {
    condition.lock()
    outcomes[index] = outcome
    condition.broadcast()
    condition.unlock()
  }

  /// Item `index`'s next value, or how it finished once it has no more; waits for either.
  func take(from index: Int) -> Next {
    condition.lock()
    defer { condition.unlock() }
    if consuming != index {
      consuming = index
      condition.broadcast()
    }
    while queues[index].isEmpty, outcomes[index] == nil { condition.wait() }
    if !queues[index].isEmpty {
      condition.broadcast()
      return .value(queues[index].removeFirst())
    }
    return .finished(outcomes[index]!)
  }

  func cancel() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    condition.unlock()
  }
}
