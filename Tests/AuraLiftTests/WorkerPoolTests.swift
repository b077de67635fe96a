import AuraDomain
import Foundation
import Testing

/// The pool keeps results in input order whatever the number of threads, and `alongside`
/// returns only once both sides have finished, with the first error.
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
}
