import AuraTestSupport
import Foundation
import Testing

/// A full disk is recoverable: a run that fills it removes its partial release and says how
/// much room a release needs; partials left by killed runs are removed before the next one
/// is staged. The output is a small tmpfs mounted in a mount namespace of the test's own
/// (`unshare -rm`), so nothing outside it fills, and it goes when the namespace ends.
@Suite struct DiskFullTests {
  static let canMount: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    process.arguments = ["-rm", "sh", "-c", "mount -t tmpfs -o size=1m tmpfs /tmp"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  @Test(.enabled(if: canMount, "needs unshare -rm and tmpfs mounts"))
  func aFullDiskLeavesNoPartialAndTheNextRunPublishes() throws {
    let root = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(root) }
    let dataset = try TestSupport.sampleCopy(in: root)
    let out = root.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    _ = try RunnerTests.copySession("s-000001", as: "s-late", in: dataset)
    let late = dataset.appendingPathComponent("sessions/s-late")
    try FileManager.default.moveItem(at: late, to: root.appendingPathComponent("s-late"))
    // The sample's output takes about 1.9 MB (a 1.2 MB release, its cache and records): 2.8 MB
    // holds one release, not two. Each step prints what the checks below read.
    let script = """
      set -u
      run() { "$1" run pipelines/nightly.yaml --dataset "$2" --out "$3" --quiet 2>&1; echo "exit $?"; }
      partials() { ls "$3/releases" | grep -c '\\.partial$'; }
      sessions() {
        python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM workout_session").fetchone()[0])' "$3/current/auralift.sqlite"
      }
      mount -t tmpfs -o size=2800k tmpfs "$3" || exit 9
      echo "== first"; run "$@"
      mv "$4" "$2/sessions/s-late"
      echo "== full"; run "$@"
      echo "partials $(partials "$@")"
      echo "current $(sessions "$@")"
      # A killed run's partial holds 1 MB; with 1.3 MB more room the next release fits only
      # where that partial goes first.
      mkdir "$3/releases/20260101T000000Z-killed.partial"
      head -c 1000000 /dev/zero >"$3/releases/20260101T000000Z-killed.partial/auralift.sqlite"
      mount -o remount,size=4100k "$3"
      echo "== roomier"; run "$@"
      echo "partials $(partials "$@")"
      echo "current $(sessions "$@")"
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    process.arguments = [
      "-rm", "bash", "-c", script, "disk-full", TestSupport.binary.path, dataset.path, out.path,
      root.appendingPathComponent("s-late").path,
    ]
    process.currentDirectoryURL = TestSupport.repositoryRoot
    var environment = ProcessInfo.processInfo.environment
    environment["AURALIFT_TODAY"] = "2026-11-28"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let steps = text.components(separatedBy: "== ")
    try #require(steps.count == 4, "\(text)")
    #expect(steps[1].contains("exit 0"), "\(steps[1])")
    // Full: nothing published, the reason and the room needed said, no partial left, the
    // first release still current and whole.
    #expect(steps[2].contains("exit 2"), "\(steps[2])")
    #expect(steps[2].contains("database or disk is full") || steps[2].contains("No space left"))
    #expect(steps[2].contains("the disk is full: a release needs about 1 MB"), "\(steps[2])")
    #expect(steps[2].contains("partials 0"), "\(steps[2])")
    #expect(steps[2].contains("current 18"), "\(steps[2])")
    // Roomier, but for a killed run's partial: it goes first, and the run publishes.
    #expect(steps[3].contains("exit 0"), "\(steps[3])")
    #expect(steps[3].contains("partials 0"), "\(steps[3])")
    #expect(steps[3].contains("current 19"), "\(steps[3])")
  }
}
