import AuraDomain
import AuraSupport
import CFileSystem
import CXXHash
import Foundation
import Synchronization

/// Per-stage intermediates on disk under their content key: `<root>/<stage>/<k0k1>/<key>.bin`.
/// An entry is the key's fields (`label<TAB>value` lines, so that a later run can say what
/// changed), a blank line, then the result in binary (`BinaryEncoder`): one file per entry, as
/// creating files is most of the cost of writing one. Writes go to a temporary file named for
/// the host and process and are linked into place only where no entry is (created once), so
/// neither a killed run nor two writers sharing the cache leave a half-written entry. Entries are not flushed one by one
/// (`Data.write` flushes every file: two `fsync`s per computed session): `synchronize` flushes
/// them all at once before the run state names them, and an entry a power loss truncated fails
/// to decode, which reads as a miss. Every entry ends with a checksum of its key and all its
/// bytes before (XXH3-128 seeded with the key's XXH3-64: a detector of damage, not of
/// forgery, as the cache is the run's own folder): an entry that does not match (a flipped byte, a truncation, another key's
/// entry copied over it) or does not decode is a miss, is named in `damaged()`, and is
/// recomputed and replaced. Files of another name (entries of earlier formats, temporary
/// files) are never read, and `cache gc` removes them.
/// A namespace of the cache: the folder its entries live in (in the pipeline, a stage).
package protocol CacheFolder: Sendable {
  var folder: String { get }
}

package struct ArtifactCache: Sendable {
  /// The cache's folder, as a path: every entry's path is built on it as a string.
  private let rootPath: String
  private var root: URL { URL(fileURLWithPath: rootPath, isDirectory: true) }
  private let damage = DamageLog()

  package init(root: URL) {
    rootPath = root.path
  }

  /// The entries found damaged so far (their paths), each once; the list is emptied.
  package func damaged() -> [String] { damage.drain() }

  /// Length of the checksum that ends every entry.
  private static let checksumLength = 16

  /// The checksum of `bytes` under `key`, little-endian.
  private static func checksum(key: String, _ bytes: Data) -> Data {
    var key = key
    let seed = key.withUTF8 { XXH3_64bits($0.baseAddress, $0.count) }
    let hash = bytes.withUnsafeBytes {
      XXH3_128bits_withSeed($0.baseAddress, $0.count, seed)
    }
    var words = (hash.low64.littleEndian, hash.high64.littleEndian)
    return withUnsafeBytes(of: &words) { Data($0) }
  }

  /// The entry's bytes without its checksum, where the checksum matches them and `key`.
  private static func verified(_ data: Data, key: String) -> Data? {
    guard data.count > checksumLength else { return nil }
    let body = data.prefix(data.count - checksumLength)
    return checksum(key: key, body) == data.suffix(checksumLength) ? body : nil
  }

  /// The verified bytes of `key`'s entry in `stage`; nil when there is none, and nil with the
  /// entry recorded as damaged when it does not verify.
  private func verifiedEntry(stage: some CacheFolder, key: String, recordingDamage: Bool = true)
    -> (
      data: Data, split: Range<Int>
    )?
  {
    let path = path(stage: stage, key: key)
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    guard let body = Self.verified(data, key: key), let split = Self.separatorRange(in: body)
    else {
      if recordingDamage { damage.record(path) }
      return nil
    }
    return (body, split)
  }

  /// Where `key`'s entry in `stage` lives, built as a string: URL's path arithmetic costs more
  /// than the write of a small entry.
  private func path(stage: some CacheFolder, key: String) -> String {
    "\(shard(stage: stage, key: key))/\(key)\(Self.suffix)"
  }

  /// The folder of `key`'s entries in `stage`.
  private func shard(stage: some CacheFolder, key: String) -> String {
    "\(rootPath)/\(stage.folder)/\(key.prefix(2))"
  }

  /// The name ending of entry files.
  package static let suffix = ".v2.bin"

  /// The result stored under `key`; nil when there is none or its entry is damaged.
  package func load<T: Decodable>(_ type: T.Type, in stage: some CacheFolder, key: String) -> T? {
    guard let (data, split) = verifiedEntry(stage: stage, key: key) else { return nil }
    guard let value = try? BinaryDecoder().decode(type, from: data[split.upperBound...]) else {
      damage.record(path(stage: stage, key: key))
      return nil
    }
    return value
  }

  /// Stores `value` under `key`, with the key's fields.
  package func store<T: Encodable>(
    _ value: T, in stage: some CacheFolder, key: String, fields: ContentKey
  ) throws {
    let folder = shard(stage: stage, key: key)
    // Most shards exist after the first entries: one mkdir, not FileManager's walk up the path.
    if mkdir(folder, 0o777) != 0, errno != EEXIST {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true)
    }
    var data = Data(fields.serialized.utf8)
    data.append(UInt8(ascii: "\n"))
    data.append(try BinaryEncoder().encode(value))
    data.append(Self.checksum(key: key, data))
    // Created once: a copy running the same work elsewhere (a duplicate shard) may have
    // written it first, and its entry is the same. An entry there that does not verify is
    // replaced.
    let path = path(stage: stage, key: key)
    if try !AtomicFile.create(data, toPath: path, durable: false),
      verifiedEntry(stage: stage, key: key, recordingDamage: false) == nil
    {
      try AtomicFile.write(data, toPath: path, durable: false)
    }
  }

  /// Flushes every entry written so far to disk (`syncfs` on the cache's file system): called
  /// once, before the run state records results that live in the cache. Throws when the file
  /// system reports the flush failed. A cache whose folder was never made holds no entry:
  /// there is nothing to flush.
  package func synchronize() throws {
    let descriptor = open(rootPath, O_RDONLY | O_DIRECTORY)
    if descriptor < 0, errno == ENOENT { return }
    guard descriptor >= 0, aura_sync_file_system(descriptor) == 0 else {
      let error = CocoaError(
        .fileWriteUnknown,
        userInfo: [
          NSFilePathErrorKey: rootPath,
          NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO),
        ])
      if descriptor >= 0 { close(descriptor) }
      throw error
    }
    close(descriptor)
  }

  /// Where the blank line between an entry's fields and its result is, found line by line
  /// with `memchr`: the generic `Data.firstRange(of:)` is slow enough to show in a rerun that
  /// reads every cached session back.
  private static func separatorRange(in data: Data) -> Range<Int>? {
    let offset: Int? = data.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return nil }
      let newline = Int32(UInt8(ascii: "\n"))
      var position = 0
      while position + 1 < bytes.count,
        let found = memchr(base + position, newline, bytes.count - position - 1)
      {
        let index = base.distance(to: UnsafeRawPointer(found))
        if bytes[index + 1] == UInt8(ascii: "\n") { return index }
        position = index + 1
      }
      return nil
    }
    return offset.map { (data.startIndex + $0)..<(data.startIndex + $0 + 2) }
  }

  /// Whether a result is stored under `key`.
  package func contains(in stage: some CacheFolder, key: String) -> Bool {
    FileManager.default.fileExists(atPath: path(stage: stage, key: key))
  }

  /// Whether `key`'s entry is there and matches its checksum (read, not decoded): what a load
  /// of it would find, for a plan that must say what a run will compute again.
  package func isIntact(in stage: some CacheFolder, key: String) -> Bool {
    verifiedEntry(stage: stage, key: key, recordingDamage: false) != nil
  }

  /// The fields of the key a result was stored under, if it is still there.
  package func fields(in stage: some CacheFolder, key: String) -> [ContentKey.Field]? {
    guard let (data, split) = verifiedEntry(stage: stage, key: key) else { return nil }
    return ContentKey.fields(from: String(decoding: data[..<split.lowerBound], as: UTF8.self))
  }

  /// One file of the cache.
  package struct Entry {
    package var stage: String
    /// The content key; for any other file (a killed run's temporary file, an entry of an
    /// earlier format), its whole name, which no run uses.
    package var key: String
    package var file: URL
    package var bytes: Int64
    package var modified: Date
    /// "stage/key".
    package var id: String { stage + "/" + key }
  }

  /// Every file in the cache, temporary files of killed runs included.
  package func entries() throws -> [Entry] {
    let fileManager = FileManager.default
    guard fileManager.fileExists(atPath: rootPath) else { return [] }
    var found: [Entry] = []
    // Folders whose name starts with "." hold what shards share beside the cache (manifests,
    // each node's digests), not entries.
    for stage in try fileManager.contentsOfDirectory(atPath: rootPath).sorted()
    where !stage.hasPrefix(".") {
      let stageFolder = root.appendingPathComponent(stage)
      for shard in (try? fileManager.contentsOfDirectory(atPath: stageFolder.path)) ?? [] {
        let shardFolder = stageFolder.appendingPathComponent(shard)
        for name in (try? fileManager.contentsOfDirectory(atPath: shardFolder.path)) ?? [] {
          let file = shardFolder.appendingPathComponent(name)
          let attributes = try? fileManager.attributesOfItem(atPath: file.path)
          found.append(
            Entry(
              stage: stage,
              key: !name.hasPrefix(".") && name.hasSuffix(Self.suffix)
                ? String(name.dropLast(Self.suffix.count)) : name,
              file: file, bytes: (attributes?[.size] as? NSNumber)?.int64Value ?? 0,
              modified: attributes?[.modificationDate] as? Date ?? .distantPast))
        }
      }
    }
    return found
  }
}

/// The paths of damaged entries met by any copy of a cache, for the run to report.
private final class DamageLog: Sendable {
  private let paths = Mutex<[String]>([])

  package func record(_ path: String) {
    paths.withLock { paths in
      if !paths.contains(path) { paths.append(path) }
    }
  }

  package func drain() -> [String] {
    paths.withLock { paths in
      defer { paths = [] }
      return paths
    }
  }
}
