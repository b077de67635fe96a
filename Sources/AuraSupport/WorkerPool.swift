import Foundation
import Synchronization

/// Runs independent partitions on a pool of threads.
package enum WorkerPool {
  /// The threads a pool of `workers` runs on: `workers`, or one per core when it is 0.
  package static func threads(_ workers: Int) -> Int {
    workers > 0 ? workers : ProcessInfo.processInfo.activeProcessorCount
  }

  /// Maps `items` on a pool of `workers` threads (0: one per core); results keep input order.
  /// `finished`, if given, is called after each item with the number finished so far.
  package static func map<T: Sendable, R: Sendable>(
    _ items: [T], workers: Int = 0, finished: (@Sendable (Int) -> Void)? = nil,
    _ body: @Sendable (T) -> R
  ) -> [R] {
    let count = threads(workers)
    let results = ResultSlots<R>(count: items.count)
    let next = ResultSlots<Int>(count: 1)
    DispatchQueue.concurrentPerform(iterations: max(1, min(count, items.count))) { _ in
      while let index = next.claim(limit: items.count) {
        let done = results.set(index, body(items[index]))
        finished?(done)
      }
    }
    return results.values()
  }
}

extension WorkerPool {
  /// Runs `side` on another thread while `main` runs on this one, and returns `main`'s result
  /// once both have finished; throws `main`'s error, else `side`'s.
  package static func alongside<T>(
    _ side: @Sendable () throws -> Void, _ main: () throws -> T
  ) throws -> T {
    let sideResult = ResultSlots<Result<Void, any Error>>(count: 1)
    let group = DispatchGroup()
    let result = withoutActuallyEscaping(side) { side in
      DispatchQueue.global().async(group: group) { sideResult.set(0, Result { try side() }) }
      let result = Result { try main() }
      group.wait()
      return result
    }
    let value = try result.get()
    try sideResult.values()[0].get()
    return value
  }
}

/// Thread-safe result slots for the worker pool.
final class ResultSlots<R: Sendable>: Sendable {
  private struct State {
    var slots: [R?]
    var counter = 0
    var filled = 0
  }
  private let state: Mutex<State>

  init(count: Int) { state = Mutex(State(slots: Array(repeating: nil, count: count))) }

  /// Fills slot `index`; returns how many slots are filled now.
  @discardableResult
  func set(_ index: Int, _ value: R) -> Int {
    state.withLock { state in
      state.slots[index] = value
      state.filled += 1
      return state.filled
    }
  }

  /// The next unclaimed index below `limit`, or nil when all are taken.
  func claim(limit: Int) -> Int? {
    state.withLock { state in
      guard state.counter < limit else { return nil }
      state.counter += 1
      return state.counter - 1
    }
  }

  func values() -> [R] { state.withLock { $0.slots.map { $0! } } }
}
