import AuraDomain
import AuraSupport
import Foundation
import Testing

/// The pool keeps results in input order whatever the number of threads; `alongside` returns
/// only once both sides have finished, with the first error; `stream` consumes in input order
/// with bounded buffers and stops at the first error.
@Suite struct WorkerPoolTests {
  @Test func resultsKeepInputOrderOnAnyNumberOfThreads() {
    let items = Array(0..<500)
    for workers in [1, 2, 7] {
      let squares = WorkerPool.map(items, workers: workers) { item -> Int in
        // Uneven work, so that items finish out of order.
        if item % 7 == 0 { usleep(200) }
        return item * item
      }
      #expect(squares == items.map { $0 * $0 })
    }
  }

  struct Failed: Error, Equatable { var side: String }

  final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
  }

  @Test func alongsideWaitsForBothSidesAndThrowsTheFirstError() throws {
    let finished = Flag()
    let value = try WorkerPool.alongside {
      usleep(50_000)
      finished.set()
    } _: {
      42
    }
    #expect(value == 42 && finished.isSet)

    #expect(throws: Failed(side: "side")) {
      try WorkerPool.alongside {
        throw Failed(side: "side")
      } _: {
        1
      }
    }
    let sideDone = Flag()
    #expect(throws: Failed(side: "main")) {
      try WorkerPool.alongside {
        usleep(50_000)
        sideDone.set()
        throw Failed(side: "side")
      } _: { () throws -> Int in
        throw Failed(side: "main")
      }
    }
    #expect(sideDone.isSet)
  }

  /// Counts values emitted and not yet consumed, and the most ever held.
  final class Held: @unchecked Sendable {
    private let lock = NSLock()
    private var now = 0
    private var peak = 0
    func emitted() {
      lock.withLock {
        now += 1
        peak = max(peak, now)
      }
    }
    func consumed() { lock.withLock { now -= 1 } }
    var most: Int { lock.withLock { peak } }
  }

  @Test func streamConsumesInInputOrderWithBoundedBuffers() throws {
    let items = Array(0..<40)
    for workers in [1, 2, 5] {
      let held = Held()
      var consumed: [Int] = []
      let results = try WorkerPool.stream(items, workers: workers, buffer: 3) {
        (item: Int, emit: (Int) throws -> Void) -> Int in
        // Uneven work, so that later items run ahead of earlier ones.
        for step in 0..<(item % 5 + 1) {
          if item % 3 == 0 { usleep(300) }
          held.emitted()
          try emit(item * 10 + step)
        }
        return -item
      } consume: { value in
        // A consumer slower than its producers, which would otherwise run far ahead.
        usleep(100)
        held.consumed()
        consumed.append(value)
      }
      #expect(results == items.map { -$0 })
      #expect(consumed == items.flatMap { item in (0..<(item % 5 + 1)).map { item * 10 + $0 } })
      // Items started at most 2 per worker ahead of the one consumed, each holding at most 3
      // values; each worker's value about to be added, and the one being consumed.
      #expect(held.most <= workers * 2 * 3 + workers + 1)
    }
  }

  /// Any collection streams (here a range, never made into an array); results arrive in
  /// order.
  @Test func streamTakesALazyCollectionAndHandsOnResultsInOrder() throws {
    let items = 0..<2000
    var results: [Int] = []
    var values = 0
    try WorkerPool.stream(items, workers: 3, buffer: 2) {
      (item: Int, emit: (Int) throws -> Void) -> Int in
      try emit(item)
      return item * 2
    } consume: { _ in
      values += 1
    } finished: {
      results.append($0)
    }
    #expect(results == (0..<2000).map { $0 * 2 })
    #expect(values == 2000)
  }

  @Test func streamStopsAtTheFirstErrorInInputOrder() {
    // A producer's error reaches the consumer after the values emitted before it.
    var consumed: [Int] = []
    #expect(throws: Failed(side: "producer 3")) {
      try WorkerPool.stream(Array(0..<20), workers: 2, buffer: 2) {
        (item: Int, emit: (Int) throws -> Void) -> Int in
        try emit(item)
        if item == 3 || item == 12 { throw Failed(side: "producer \(item)") }
        return item
      } consume: {
        consumed.append($0)
      }
    }
    #expect(consumed == [0, 1, 2, 3])

    // The consumer's error stops producers waiting on full buffers.
    let started = Held()
    #expect(throws: Failed(side: "consumer")) {
      try WorkerPool.stream(Array(0..<1000), workers: 2, buffer: 1) {
        (item: Int, emit: (Int) throws -> Void) -> Int in
        started.emitted()
        for step in 0..<100 { try emit(step) }
        return item
      } consume: { value in
        if value == 50 { throw Failed(side: "consumer") }
      }
    }
    // The first item and at most one more per worker were started before the error.
    #expect(started.most <= 3)
  }
}
