import AuraSupport
import Foundation
import Synchronization

/// A fact read from a file's content (a session manifest's athlete), remembered by the
/// content's digest so that a run that finds nothing to do reads no file for it: the same
/// content always gives the same fact. Stored beside the digests (`digests-facts.tsv`);
/// facts of contents no longer seen are dropped when it is saved.
package final class ContentFacts: Sendable {
  private let file: URL
  private let remembered: [String: String]
  private let state = Mutex<(seen: [String: String], changed: Bool)>(([:], false))

  /// Loads the remembered facts of `file` (none if it is missing or unreadable).
  package init(file: URL) {
    self.file = file
    var remembered: [String: String] = [:]
    var records = TSVTable.Cursor(file, columns: 2)
    while let record = records.next() {
      guard record[0].utf8.count == FileDigests.digestLength else { continue }
      remembered[record[0]] = record[1]
    }
    self.remembered = remembered
  }

  /// The fact of the content whose digest is `digest`: remembered, else `read` (nil: none to
  /// remember, such as a file that does not parse; asked again next time).
  package func fact(ofDigest digest: String, read: () -> String?) -> String? {
    if let known = remembered[digest] {
      state.withLock { $0.seen[digest] = known }
      return known
    }
    guard let fact = read() else { return nil }
    state.withLock {
      $0.seen[digest] = fact
      $0.changed = true
    }
    return fact
  }

  /// Writes the facts this run used (atomically), if anything differs from what was loaded.
  package func save() throws {
    let (seen, changed) = state.withLock { ($0.seen, $0.changed) }
    guard changed || seen.count != remembered.count else { return }
    try TSVTable.write(seen.sorted { $0.key < $1.key }.map { [$0, $1] }, to: file)
  }
}
