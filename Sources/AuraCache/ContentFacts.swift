import AuraSupport
import Foundation
import Synchronization

/// A fact read from a file's content (a session manifest's athlete), remembered by the
/// content's digest so that a run that finds nothing to do reads no file for it: the same
/// content always gives the same fact. Stored beside the digests (`digests-facts.tsv`);
/// facts of contents no longer seen are dropped when it is saved.
package final class ContentFacts: Sendable {
  private let file: URL
  /// The remembered facts and this run's, in one table, each marked when this run used it
  /// (only those are saved); `seen` counts them, `changed` says whether one was read.
  /// `letGo` is set by `letGo()`: nothing is remembered or saved after it.
  private let state:
    Mutex<
      (
        facts: [FileDigests.Digest: (fact: String, seen: Bool)], loaded: Int, seen: Int,
        changed: Bool, letGo: Bool
      )
    >

  /// Loads the remembered facts of `file` (none if it is missing or unreadable).
  package init(file: URL) {
    self.file = file
    var facts: [FileDigests.Digest: (fact: String, seen: Bool)] = [:]
    var records = TSVTable.Cursor(file, columns: 2)
    while let record = records.next() {
      guard let digest = FileDigests.Digest(hex: record[0]) else { continue }
      facts[digest] = (record[1], false)
    }
    state = Mutex((facts, facts.count, 0, false, false))
  }

  /// The fact of the content whose digest is `digest`: remembered, else `read` (nil: none to
  /// remember, such as a file that does not parse; asked again next time).
  package func fact(ofDigest digest: String, read: () -> String?) -> String? {
    guard let key = FileDigests.Digest(hex: digest) else { return read() }
    let known = state.withLock { state -> String? in
      guard let entry = state.facts[key] else { return nil }
      if !entry.seen {
        state.facts[key]!.seen = true
        state.seen += 1
      }
      return entry.fact
    }
    if let known { return known }
    guard let fact = read() else { return nil }
    state.withLock { state in
      guard !state.letGo else { return }
      if state.facts[key]?.seen != true { state.seen += 1 }
      state.facts[key] = (fact, true)
      state.changed = true
    }
    return fact
  }

  /// Writes the facts this run used (atomically), if anything differs from what was loaded;
  /// record by record, in digest order.
  package func save() throws {
    try state.withLock { state in
      guard !state.letGo, state.changed || state.seen != state.loaded else { return }
      let table = try TSVTable.Appender(file)
      // Fixed-width hex sorts as the numbers it spells.
      let used = state.facts.filter(\.value.seen).keys.sorted {
        ($0.high, $0.low) < ($1.high, $1.low)
      }
      for digest in used { try table.append([digest.hex, state.facts[digest]!.fact]) }
      try table.finish()
    }
  }

  /// Lets the remembered facts go (`FileDigests.letGo`): a fact asked for later is read
  /// again, and `save` writes nothing more.
  func letGo() {
    state.withLock { state in
      state.facts = [:]
      state.letGo = true
    }
  }
}
