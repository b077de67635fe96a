import AuraDomain
import AuraSupport
import CXXHash
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Content digests of input files, remembered by their `stat` so that an unchanged file is not
/// read again: a file whose device, inode, size, modification and change times (nanoseconds)
/// all match the remembered ones keeps its digest. As in git's "racy clean" rule, a file
/// modified within two seconds of being hashed is not remembered (a write in the same clock
/// tick could leave its times unchanged). Stored in `<out>/.state/digests.tsv`; entries for
/// files no longer seen are dropped when it is saved.
///
/// A digest is XXH3-128 (xxHash), in hex: a change detector, as DVC's MD5 and Gradle's file
/// hashes are, not a defence against files crafted to collide: a cryptographic hash would make
/// hashing the recordings a visible share of a cold run, and XXH3 reads them about as fast as
/// they are copied. Digests of another length are not loaded.
package final class FileDigests: Sendable {
  private struct Stamp: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64
  }

  /// A file's digest, its stamp when hashed, and whether this run saw it unchanged or hashed
  /// it (only those are saved).
  private struct Entry {
    var stamp: Stamp
    var digest: Digest
    var seen: Bool
  }

  /// A digest's 128 bits, held as two words rather than as 32 hex digits of text (a string
  /// of its own an entry).
  struct Digest: Hashable {
    let high: UInt64
    let low: UInt64

    init?(hex: String) {
      guard hex.utf8.count == FileDigests.digestLength,
        let high = UInt64(hex.prefix(16), radix: 16), let low = UInt64(hex.suffix(16), radix: 16)
      else { return nil }
      self.high = high
      self.low = low
    }

    var hex: String {
      withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { FieldHasher.hex($0) }
    }
  }

  private let file: URL
  /// The remembered digests and this run's, in one table: a run that finds nothing changed
  /// holds each file's entry once. `seen` counts the entries seen; `changed` says whether one
  /// was hashed. `letGo` is set by `letGo()`: nothing is remembered or saved after it.
  private let state:
    Mutex<(entries: [String: Entry], loaded: Int, seen: Int, changed: Bool, letGo: Bool)>

  /// Facts read from files' contents, remembered by digest beside the digests
  /// (`digests-facts.tsv` beside `digests.tsv`), and saved with them.
  package let facts: ContentFacts

  /// Loads the remembered digests of `file` (none if it is missing or unreadable).
  package init(file: URL) {
    self.file = file
    facts = ContentFacts(
      file: URL(fileURLWithPath: file.deletingPathExtension().path + "-facts.tsv"))
    var entries: [String: Entry] = [:]
    // Record by record: a table of every recording is not also held as text.
    var records = TSVTable.Cursor(file, columns: 7)
    while let record = records.next() {
      guard let device = UInt64(record[1]), let inode = UInt64(record[2]),
        let size = Int64(record[3]), let modified = Int64(record[4]),
        let changed = Int64(record[5]), let digest = Digest(hex: record[6])
      else { continue }
      entries[record[0]] = Entry(
        stamp: Stamp(
          device: device, inode: inode, size: size, modified: modified, changed: changed),
        digest: digest, seen: false)
    }
    state = Mutex((entries, entries.count, 0, false, false))
  }

  /// The digest of the file at `path`, or nil when it is not a readable regular file.
  package func digest(of path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    let stamp = Stamp(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
      changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
    // Remembered, or hashed earlier in this run (the plan's digests, then the dataset's): not
    // read again.
    let known = state.withLock { state -> Digest? in
      guard let entry = state.entries[path], entry.stamp == stamp else { return nil }
      if !entry.seen {
        state.entries[path]!.seen = true
        state.seen += 1
      }
      return entry.digest
    }
    if let known { return known.hex }
    guard let digest = contentDigest(path) else { return nil }
    let now = Int64(Date().timeIntervalSince1970 * 1e9)
    let racy = now - max(stamp.modified, stamp.changed) < 2_000_000_000
    state.withLock { state in
      state.changed = true
      guard !racy, !state.letGo, let bits = Digest(hex: digest) else { return }
      if state.entries[path]?.seen != true { state.seen += 1 }
      state.entries[path] = Entry(stamp: stamp, digest: bits, seen: true)
    }
    return digest
  }

  /// Hex digits in a digest.
  package static let digestLength = 32

  /// What hashing one file needs: xxHash's running state and a block to read into. Kept from
  /// file to file (`readers`): a block allocated and freed per file leaves its space to small
  /// allocations that outlive it (digests, table entries), so the next block does not fit and
  /// the heap grows by a block a file.
  ///
  /// `@unchecked Sendable` at a C boundary: it owns xxHash's state and a read buffer, and one
  /// thread at a time uses it (taken from the pool, given back when done).
  package final class Reader: @unchecked Sendable {
    let state: OpaquePointer
    let block: UnsafeMutableRawBufferPointer

    init?() {
      guard let state = XXH3_createState() else { return nil }
      self.state = state
      block = .allocate(byteCount: 64 * 1024, alignment: 64)
    }

    deinit {
      XXH3_freeState(state)
      block.deallocate()
    }

    /// Hex XXH3-128 of the bytes of the file at `path`; nil when it cannot be read.
    func digest(_ path: String) -> String? {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      XXH3_128bits_reset(state)
      while true {
        let count = read(descriptor, block.baseAddress, block.count)
        if count == 0 { break }
        if count < 0 {
          if errno == EINTR { continue }
          return nil
        }
        XXH3_128bits_update(state, block.baseAddress, count)
      }
      var canonical = XXH128_canonical_t()
      XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(state))
      return withUnsafeBytes(of: canonical.digest) { FieldHasher.hex($0) }
    }
  }

  /// The content digest of the file at `path`, read in full (no stamp is trusted); nil when
  /// it cannot be read.
  package static func contentDigest(ofFile path: String) -> String? { Reader()?.digest(path) }

  /// Readers not in use: one per thread that has hashed at the same time.
  private let readers = Mutex<[Reader]>([])

  /// The content digest of the file at `path` with a reader from the pool.
  private func contentDigest(_ path: String) -> String? {
    guard let reader = readers.withLock({ $0.popLast() }) ?? Reader() else { return nil }
    defer { readers.withLock { $0.append(reader) } }
    return reader.digest(path)
  }

  /// A file in a folder being digested that is not a readable regular file (a FIFO, a device,
  /// no permission, an I/O error).
  package struct UnreadableFile: Error, CustomStringConvertible {
    /// Relative to the folder being digested.
    var path: String
    package var description: String { "\(path) is not a readable regular file" }
  }

  /// A folder's files, recursively, as (path relative to `folder`, digest) sorted by path;
  /// hidden files are skipped. Throws `UnreadableFile`, or the listing's error.
  package func digests(ofFolder folder: String) throws -> [(path: String, digest: String)] {
    var found: [(String, String)] = []
    // readdir and one stat per entry (in `digest(of:)`): URL and FileManager calls per file
    // would dominate a run that finds nothing to do.
    func walk(_ path: String, _ prefix: String) throws {
      guard let directory = opendir(path) else {
        throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
      }
      var names: [(name: String, isDirectory: Bool)] = []
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        guard !name.hasPrefix(".") else { continue }
        var isDirectory = entry.pointee.d_type == DT_DIR
        if entry.pointee.d_type == DT_UNKNOWN || entry.pointee.d_type == DT_LNK {
          var info = stat()
          isDirectory = stat(path + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
        }
        names.append((name, isDirectory))
      }
      closedir(directory)
      for (name, isDirectory) in names.sorted(by: { $0.name < $1.name }) {
        let child = path + "/" + name
        if isDirectory {
          try walk(child, prefix + name + "/")
        } else if let digest = digest(of: child) {
          found.append((prefix + name, digest))
        } else {
          throw UnreadableFile(path: prefix + name)
        }
      }
    }
    try walk(folder, "")
    return found
  }

  /// The dataset's digest, as a run's `run` table and an experiment's record cite it: every
  /// file under `folder` (hidden ones aside) by path and content digest, in path order, so
  /// two copies of a dataset share it wherever they are. Throws as `digests(ofFolder:)`.
  package func datasetDigest(ofFolder folder: String) throws -> String {
    var hasher = FieldHasher()
    for (path, digest) in try digests(ofFolder: folder) {
      hasher.add(path)
      hasher.add(digest)
    }
    return hasher.hex()
  }

  /// Writes what this run saw (atomically), if anything differs from what was loaded, and the
  /// facts it used; record by record, in path order.
  package func save() throws {
    try facts.save()
    try state.withLock { state in
      guard !state.letGo, state.changed || state.seen != state.loaded else { return }
      let table = try TSVTable.Appender(file)
      for path in state.entries.keys.sorted() {
        guard let entry = state.entries[path], entry.seen else { continue }
        let s = entry.stamp
        try table.append([
          path, String(s.device), String(s.inode), String(s.size), String(s.modified),
          String(s.changed), entry.digest.hex,
        ])
      }
      try table.finish()
    }
  }

  /// Lets the remembered digests and facts go once they are saved, so that publication does
  /// not hold an entry for every file of the dataset: a file asked for later is read again,
  /// and `save` writes nothing more.
  package func letGo() {
    state.withLock { state in
      state.entries = [:]
      state.letGo = true
    }
    facts.letGo()
  }
}
