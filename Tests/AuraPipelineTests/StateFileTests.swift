import AuraDomain
import AuraSupport
import AuraTestSupport
import Foundation
import Testing

@testable import AuraCache
@testable import AuraPipeline

/// The runner's bookkeeping formats: the `.state` tables and content keys.
struct StateFileTests {
  @Test func stateTableRoundTripsRecordsAndKeepsTabsOutOfFields() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    let file = folder.appendingPathComponent("table.tsv")
    try TSVTable.write(
      [
        ["sessions/s-1/pose.csv", "2049", "81", "4f2a"],
        ["sessions/s 2/bar.csv", "", "0", "a\tb\nc"],
        ["é-unicode", "1", "2", "3"],
      ], to: file)
    #expect(
      TSVTable.read(file, columns: 4) == [
        ["sessions/s-1/pose.csv", "2049", "81", "4f2a"],
        ["sessions/s 2/bar.csv", "", "0", "a b c"],
        ["é-unicode", "1", "2", "3"],
      ])
  }

  @Test func stateTableSkipsLinesWithTooFewFieldsAndLetsTheLastTakeTheRest() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    let file = folder.appendingPathComponent("table.tsv")
    // A last line without its newline counts when complete, also with an empty last field;
    // blank lines do not.
    try Data("a\tb\tc\n\nshort\tline\nx\ty\tz\tw\np\tq\tr".utf8).write(to: file)
    #expect(
      TSVTable.read(file, columns: 3) == [
        ["a", "b", "c"], ["x", "y", "z\tw"], ["p", "q", "r"],
      ])
    try Data("a\tb\t\np\tq\t".utf8).write(to: file)
    #expect(TSVTable.read(file, columns: 3) == [["a", "b", ""], ["p", "q", ""]])
    #expect(TSVTable.read(folder.appendingPathComponent("missing.tsv"), columns: 3).isEmpty)
  }

  /// A cursor gives the records `read` gives, one at a time, with the same rules.
  @Test func tableCursorReadsWhatReadReads() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    let file = folder.appendingPathComponent("table.tsv")
    for text in ["a\tb\tc\n\nshort\tline\nx\ty\tz\tw\np\tq\tr", "a\tb\t\np\tq\t", "\n\n", ""] {
      try Data(text.utf8).write(to: file)
      var cursor = TSVTable.Cursor(file, columns: 3)
      var records: [[String]] = []
      while let record = cursor.next() { records.append(record) }
      #expect(records == TSVTable.read(file, columns: 3), "\(text)")
    }
    var missing = TSVTable.Cursor(folder.appendingPathComponent("missing.tsv"), columns: 3)
    #expect(missing.next() == nil)
  }

  /// An appended table appears whole at `finish` and not before; one never finished leaves
  /// nothing behind.
  @Test func appendedTableAppearsOnlyWhenFinished() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    let file = folder.appendingPathComponent("sub/table.tsv")
    let records = (0..<30_000).map { ["athletes/a-\($0)", String($0 * 7)] }
    let appender = try TSVTable.Appender(file)
    for record in records { try appender.append(record) }
    #expect(!FileManager.default.fileExists(atPath: file.path))
    try appender.finish()
    #expect(TSVTable.read(file, columns: 2) == records)
    do {
      let abandoned = try TSVTable.Appender(folder.appendingPathComponent("other.tsv"))
      try abandoned.append(["a", "b"])
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["sub"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        == ["table.tsv"])
  }

  /// A key that starts as a stage's does: its code version.
  static func key(_ stage: String, _ version: Int) -> ContentKey {
    var key = ContentKey()
    key.add("code \(stage)", String(version))
    return key
  }

  @Test func contentKeyFromATemplateEqualsOneBuiltFieldByField() {
    var template = Self.key("features", 3)
    template.add("param features.cutoff_hz", "6")
    var fromTemplate = template
    fromTemplate.add("input sessions/s-1/pose.csv", "abc")
    var direct = Self.key("features", 3)
    direct.add("param features.cutoff_hz", "6")
    direct.add("input sessions/s-1/pose.csv", "abc")
    #expect(fromTemplate.finalize() == direct.finalize())
    // Extending a copy leaves the template's key as it was.
    #expect(template.finalize() != fromTemplate.finalize())
    var again = Self.key("features", 3)
    again.add("param features.cutoff_hz", "6")
    #expect(template.finalize() == again.finalize())
  }

  @Test func contentKeyFieldsAreDelimited() {
    var joined = Self.key("s", 1)
    joined.add("ab", "c")
    var split = Self.key("s", 1)
    split.add("a", "bc")
    #expect(joined.finalize() != split.finalize())
    var empty = Self.key("s", 1)
    empty.add("", "")
    #expect(empty.finalize() != Self.key("s", 1).finalize())
    var otherVersion = Self.key("s", 2)
    otherVersion.add("ab", "c")
    #expect(joined.finalize() != otherVersion.finalize())
  }

  /// A partition left started is a suspect in the next run, which starts its journal with the
  /// suspects alone; finishing one there clears it, and a torn last line changes nothing.
  @Test func crashJournalKeepsThePartitionsStartedAndNotFinished() throws {
    let out = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(out) }
    try FileManager.default.createDirectory(
      at: out.appendingPathComponent(".state"), withIntermediateDirectories: true)
    let first = try CrashJournal(out: out)
    #expect(first.suspects.isEmpty)
    for partition in ["sessions/s-1", "sessions/s-2", "sessions/s-3"] { first.started(partition) }
    first.finished("sessions/s-2")
    let second = try CrashJournal(out: out)
    #expect(second.suspects == ["sessions/s-1", "sessions/s-3"])
    second.started("sessions/s-1")
    second.finished("sessions/s-1")
    second.started("sessions/s-3")
    let file = out.appendingPathComponent(".state/in-flight")
    let handle = try FileHandle(forWritingTo: file)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("- sessi".utf8))
    try handle.close()
    #expect(try CrashJournal(out: out).suspects == ["sessions/s-3"])
  }
  /// XXH3-128 as the reference implementation computes it (the `xxhash` Python package), for
  /// an empty file and for one that spans several read blocks and ends inside one.
  @Test func fileDigestIsXXH3Of128Bits() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    let reader = try #require(FileDigests.Reader())
    let empty = folder.appendingPathComponent("empty.csv")
    try Data().write(to: empty)
    #expect(reader.digest(empty.path) == "99aa06d3014798d86001c324468d497f")
    let long = folder.appendingPathComponent("long.csv")
    try Data((0..<200_001).map { UInt8(truncatingIfNeeded: $0 * 7 + ($0 >> 8)) }).write(to: long)
    #expect(reader.digest(long.path) == "b4668ebef8881afe11c9015afa3a89aa")
    // The same reader again: nothing of the last file is left in it.
    #expect(reader.digest(empty.path) == "99aa06d3014798d86001c324468d497f")
    #expect(reader.digest(folder.appendingPathComponent("missing.csv").path) == nil)
  }

  /// A remembered digest is reused while the file's stat matches, but not one of another
  /// length (the SHA-256 that earlier versions stored): that file is read and hashed again.
  @Test func rememberedDigestsOfAnotherAlgorithmAreNotReused() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    let input = folder.appendingPathComponent("pose.csv")
    try Data("t,x\n0,1\n".utf8).write(to: input)
    var info = stat()
    #expect(stat(input.path, &info) == 0)
    let stamp = [
      input.path, String(info.st_dev), String(info.st_ino), String(info.st_size),
      String(Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)),
      String(Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)),
    ]
    let state = folder.appendingPathComponent("digests.tsv")
    let standIn = String(repeating: "0", count: 32)
    try TSVTable.write([stamp + [standIn]], to: state)
    #expect(FileDigests(file: state).digest(of: input.path) == standIn)
    try TSVTable.write([stamp + [String(repeating: "0", count: 64)]], to: state)
    let digest = FileDigests(file: state).digest(of: input.path)
    #expect(digest == FileDigests.Reader()?.digest(input.path) && digest?.count == 32)
  }

  /// What a run saves is what it saw: digests it found unchanged or hashed, in path order;
  /// not a file hashed within two seconds of its change (racy), nor one it no longer saw;
  /// and a run that saw exactly what was remembered leaves the file as it was.
  @Test func savedDigestsAreThoseSeenUnchangedOrHashed() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    func write(_ name: String) throws -> String {
      let url = folder.appendingPathComponent(name)
      try Data("t,x\n0,\(name)\n".utf8).write(to: url)
      return url.path
    }
    let (b, a) = (try write("b.csv"), try write("a.csv"))
    let state = folder.appendingPathComponent("digests.tsv")
    let standIn = String(repeating: "0", count: 32)
    try TSVTable.write(
      [
        Self.stamp(a) + [standIn],
        Self.stamp(folder.appendingPathComponent("gone.csv").path) + [standIn],
      ],
      to: state)
    // Past the racy window of a and b, not of c.
    Thread.sleep(forTimeInterval: 2.1)
    let c = try write("c.csv")
    let first = FileDigests(file: state)
    let hashed = (b: FileDigests.Reader()?.digest(b), c: FileDigests.Reader()?.digest(c))
    #expect(first.digest(of: a) == standIn && first.digest(of: b) == hashed.b)
    #expect(first.digest(of: c) == hashed.c && first.digest(of: c) == hashed.c)
    try first.save()
    let saved = TSVTable.read(state, columns: 7)
    #expect(saved.map(\.[0]) == [a, b] && saved.map(\.[6]) == [standIn, hashed.b])
    func inode() -> UInt64 {
      var info = stat()
      _ = stat(state.path, &info)
      return UInt64(info.st_ino)
    }
    let before = inode()
    let same = FileDigests(file: state)
    #expect(same.digest(of: b) == hashed.b && same.digest(of: a) == standIn)
    try same.save()
    #expect(inode() == before)
    let fewer = FileDigests(file: state)
    #expect(fewer.digest(of: b) == hashed.b)
    try fewer.save()
    #expect(TSVTable.read(state, columns: 7).map(\.[0]) == [b])
  }

  /// A digests table's record of the file at `path` as it is now, without its digest.
  private static func stamp(_ path: String) -> [String] {
    var info = stat()
    _ = stat(path, &info)
    return [
      path, String(info.st_dev), String(info.st_ino), String(info.st_size),
      String(Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)),
      String(Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)),
    ]
  }

  /// A fact remembered by its content's digest is used without reading the file; what is
  /// saved is the facts this run used, in digest order (leading zeros kept); a run that used
  /// exactly those remembered leaves the file as it was.
  @Test func savedFactsAreThoseUsed() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    let file = folder.appendingPathComponent("digests-facts.tsv")
    let (low, high, gone) = (
      "00000000000000010000000000000002", "f0000000000000000000000000000001",
      String(repeating: "a", count: 32)
    )
    try TSVTable.write([[high, "a-2"], [gone, "a-9"]], to: file)
    let first = ContentFacts(file: file)
    #expect(
      first.fact(
        ofDigest: high,
        read: {
          Issue.record("read")
          return nil
        }) == "a-2")
    #expect(first.fact(ofDigest: low, read: { "a-1" }) == "a-1")
    #expect(
      first.fact(
        ofDigest: low,
        read: {
          Issue.record("read again")
          return nil
        }) == "a-1")
    try first.save()
    #expect(TSVTable.read(file, columns: 2) == [[low, "a-1"], [high, "a-2"]])
    var info = stat()
    _ = stat(file.path, &info)
    let inode = info.st_ino
    let same = ContentFacts(file: file)
    #expect(same.fact(ofDigest: low, read: { nil }) == "a-1")
    #expect(same.fact(ofDigest: high, read: { nil }) == "a-2")
    try same.save()
    _ = stat(file.path, &info)
    #expect(info.st_ino == inode)
  }

  /// Once the digests are saved and let go, a file asked for is read again rather than
  /// taken from the table, and nothing more is saved: publication holds no entry a file, and
  /// the saved tables stay what the run saw.
  @Test func digestsLetGoReadFilesAgainAndSaveNothingMore() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    let file = folder.appendingPathComponent("a.csv")
    try Data("t,x\n0,1\n".utf8).write(to: file)
    let state = folder.appendingPathComponent("digests.tsv")
    let facts = folder.appendingPathComponent("digests-facts.tsv")
    let standIn = String(repeating: "0", count: 32)
    try TSVTable.write([Self.stamp(file.path) + [standIn]], to: state)
    try TSVTable.write([[standIn, "a-1"]], to: facts)
    let digests = FileDigests(file: state)
    #expect(digests.digest(of: file.path) == standIn)
    #expect(digests.facts.fact(ofDigest: standIn, read: { "read" }) == "a-1")
    try digests.save()
    let saved = (digests: try Data(contentsOf: state), facts: try Data(contentsOf: facts))
    digests.letGo()
    let read = try #require(FileDigests.Reader()?.digest(file.path))
    #expect(read != standIn && digests.digest(of: file.path) == read)
    #expect(digests.facts.fact(ofDigest: standIn, read: { "read" }) == "read")
    try digests.save()
    #expect(try Data(contentsOf: state) == saved.digests)
    #expect(try Data(contentsOf: facts) == saved.facts)
  }
}
