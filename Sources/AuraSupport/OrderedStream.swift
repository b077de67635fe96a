import Foundation
import Synchronization

extension WorkerPool {
  /// Runs `produce` on each of `items` on a pool of `workers` threads (0: one per core) while
  /// this thread consumes what they emit: item by item in input order, each item's values in
  /// the order they were emitted, then the item's result (`finished`). An item holds at most
  /// `buffer` values not yet consumed (its producer waits), and producers start items at most
  /// twice their number ahead of the one consumed, so what is held depends on the workers and
  /// the buffer, not on the items.
  ///
  /// Errors: the first one met in input order, a producer's or the consumer's, stops the rest
  /// (a producer waiting to emit is woken and its `emit` throws) and is thrown once every
  /// producer has returned.
  package static func stream<Items, V: Sendable, R: Sendable>(
    _ items: Items, workers: Int = 0, buffer: Int,
    produce: @Sendable (Items.Element, _ emit: (V) throws -> Void) throws -> R,
    consume: (V) throws -> Void, finished: (R) throws -> Void
  ) throws
  where Items: RandomAccessCollection & Sendable, Items.Index == Int, Items.Element: Sendable {
    let count = items.count
    let producers = max(1, min(threads(workers), count))
    let state = StreamState<V, R>(count: count, buffer: max(1, buffer), window: 2 * producers)
    let group = DispatchGroup()
    try withoutActuallyEscaping(produce) { produce in
      DispatchQueue.global().async(group: group) {
        DispatchQueue.concurrentPerform(iterations: producers) { _ in
          while let index = state.claim() {
            state.finish(
              index,
              Result {
                try produce(items[items.startIndex + index]) { try state.push($0, to: index) }
              }
            )
          }
        }
      }
      do {
        for index in 0..<count {
          consuming: while true {
            switch state.take(from: index) {
            case .value(let value): try consume(value)
            case .finished(let result):
              try finished(try result.get())
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
    }
  }

  /// `stream`, returning each item's result in input order.
  package static func stream<T: Sendable, V: Sendable, R: Sendable>(
    _ items: [T], workers: Int = 0, buffer: Int,
    produce: @Sendable (T, _ emit: (V) throws -> Void) throws -> R,
    consume: (V) throws -> Void
  ) throws -> [R] {
    var results: [R] = []
    try stream(
      items, workers: workers, buffer: buffer, produce: produce, consume: consume,
      finished: { results.append($0) })
    return results
  }
}

/// The items of a `WorkerPool.stream`: what each has emitted and not yet given up, and how
/// each finished. The state is changed only under the condition's lock (so that a wait never
/// misses the change it waits for), and held in a `Mutex` (so that the compiler checks that
/// nothing touches it otherwise).
private final class StreamState<V: Sendable, R: Sendable>: Sendable {
  enum Next {
    case value(V)
    case finished(Result<R, any Error>)
  }

  /// Thrown by `push` once the stream is cancelled.
  struct Cancelled: Error {}

  /// Only the items claimed and not yet consumed have entries.
  private struct State {
    var queues: [Int: [V]] = [:]
    var outcomes: [Int: Result<R, any Error>] = [:]
    let count: Int
    var claimed = 0
    /// The item the consumer is on.
    var consuming = 0
    var cancelled = false
  }

  private let condition = NSCondition()
  private let buffer: Int
  private let window: Int
  private let state: Mutex<State>

  init(count: Int, buffer: Int, window: Int) {
    self.buffer = buffer
    self.window = window
    state = Mutex(State(count: count))
  }

  /// Runs `body` on the state under the condition's lock, first waiting while `wait` holds.
  private func locked<T>(
    waitingWhile wait: (borrowing State) -> Bool = { _ in false },
    then body: (inout State) throws -> T
  ) rethrows -> T {
    condition.lock()
    defer { condition.unlock() }
    while state.withLock({ wait($0) }) { condition.wait() }
    return try state.withLock { try body(&$0) }
  }

  /// The next item to produce, in input order, once it is less than `window` items ahead of
  /// the consumer; nil when all are taken or the stream is cancelled.
  func claim() -> Int? {
    locked(
      waitingWhile: { $0.claimed >= $0.consuming + window && !$0.cancelled },
      then: { state in
        guard !state.cancelled, state.claimed < state.count else { return nil }
        state.claimed += 1
        return state.claimed - 1
      })
  }

  /// Adds a value of item `index`, waiting while its buffer is full.
  func push(_ value: V, to index: Int) throws {
    try locked(
      waitingWhile: { ($0.queues[index]?.count ?? 0) >= buffer && !$0.cancelled },
      then: { state in
        guard !state.cancelled else { throw Cancelled() }
        state.queues[index, default: []].append(value)
        condition.broadcast()
      })
  }

  func finish(_ index: Int, _ outcome: Result<R, any Error>) {
    locked { state in
      state.outcomes[index] = outcome
      condition.broadcast()
    }
  }

  /// Item `index`'s next value, or how it finished once it has no more; waits for either.
  func take(from index: Int) -> Next {
    locked { state in
      if state.consuming != index {
        state.consuming = index
        condition.broadcast()
      }
    }
    return locked(
      waitingWhile: { ($0.queues[index]?.isEmpty ?? true) && $0.outcomes[index] == nil },
      then: { state in
        if let queue = state.queues[index], !queue.isEmpty {
          condition.broadcast()
          return .value(state.queues[index]!.removeFirst())
        }
        state.queues[index] = nil
        return .finished(state.outcomes.removeValue(forKey: index)!)
      })
  }

  func cancel() {
    locked { state in
      state.cancelled = true
      condition.broadcast()
    }
  }
}
