import AuraTestSupport
import Foundation
import Testing

/// A PostgreSQL that stops answering does not hold the run: the client's own deadlines end
/// the store step with 69 (retry), the SQLite release published, whatever the server does.
/// The server is a few lines of Python speaking the protocol's first messages.
@Suite struct SilentPostgresTests {
  /// Accepts connections on a loopback port it prints; `login` completes each login (no TLS,
  /// no password) and then never answers again, `mute` never answers anything. It unblocks
  /// the signals it inherits blocked from the test's thread, so that `terminate` ends it.
  static let fakeServer = """
    import signal, socket, struct, sys, time
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    def whole(c, n):
        data = b''
        while len(data) < n:
            part = c.recv(n - len(data))
            if not part: raise EOFError
            data += part
        return data
    def startup(c):
        n = struct.unpack('!I', whole(c, 4))[0]
        return whole(c, n - 4)
    s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(('127.0.0.1', 0)); s.listen(8); s.settimeout(1)
    print(s.getsockname()[1], flush=True)
    held, deadline = [], time.time() + 180
    while time.time() < deadline:
        try: c = s.accept()[0]
        except socket.timeout: continue
        held.append(c)
        if sys.argv[1] == 'mute': continue
        try:
            body = startup(c)
            if struct.unpack('!I', body[:4])[0] == 80877103:
                c.sendall(b'N'); body = startup(c)
            c.sendall(b'R' + struct.pack('!II', 8, 0))
            c.sendall(b'K' + struct.pack('!III', 12, 4242, 1))
            c.sendall(b'Z' + struct.pack('!I', 5) + b'I')
        except EOFError: pass
    """

  /// Runs the sample into a fresh output and the fake server in `mode`; the run's status,
  /// stderr and seconds.
  static func run(mode: String, parameters: String) throws -> (
    status: Int32, stderr: String, seconds: Double, record: [String: Any]
  ) {
    let root = try TestSupport.temporaryFolder("silent-\(mode)")
    defer { TestSupport.remove(root) }
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    server.arguments = ["python3", "-c", fakeServer, mode]
    let output = Pipe()
    server.standardOutput = output
    try server.run()
    defer { server.terminate() }
    var portLine = Data()
    while !portLine.contains(UInt8(ascii: "\n")) {
      let byte = output.fileHandleForReading.readData(ofLength: 1)
      guard !byte.isEmpty else { break }
      portLine.append(byte)
    }
    let port = try #require(
      Int(String(decoding: portLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    )
    let started = Date()
    let run = try TestSupport.cli([
      "run", "pipelines/nightly.yaml", "--dataset", TestSupport.sampleDataset.path, "--out",
      root.appendingPathComponent("out").path, "--store",
      "postgresql://postgres@127.0.0.1:\(port)/postgres?sslmode=disable&\(parameters)",
    ])
    let seconds = Date().timeIntervalSince(started)
    let record =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: root.appendingPathComponent("out/.state/last-run.json")))
      as? [String: Any] ?? [:]
    return (run.status, run.stderr, seconds, record)
  }

  @Test func aServerThatLogsInAndFallsSilentEndsTheRunWith69() throws {
    let run = try Self.run(mode: "login", parameters: "connect_timeout=3&statement_timeout=2")
    #expect(run.status == 69, "\(run.stderr)")
    #expect(
      run.stderr.contains("did not answer for 12 s (statement_timeout plus 10 s)"), "\(run.stderr)")
    #expect(run.stderr.contains("the SQLite release is published"), "\(run.stderr)")
    // The run's record says what was published, and that the store was not.
    #expect(run.record["exit_code"] as? Int == 69)
    #expect(run.record["sessions"] as? Int == 18, "\(run.record)")
    let success = run.record["last_success"] as? [String: Any]
    #expect(success?["release"] as? String == run.record["release"] as? String)
    #expect((run.record["error"] as? String)?.contains("did not answer") == true)
    // Its timeouts (3 + 2 s) plus 30: the bound the issue set, far above the 12 s expected.
    #expect(run.seconds < 35, "took \(run.seconds) s")
  }

  /// The whole publication has a deadline too, whatever the limit on each answer.
  @Test func aPublicationPastItsTimeoutEndsTheRunWith69() throws {
    let run = try Self.run(
      mode: "login", parameters: "statement_timeout=600&publication_timeout=2")
    #expect(run.status == 69, "\(run.stderr)")
    #expect(
      run.stderr.contains("took longer than 2 s (publication_timeout)"), "\(run.stderr)")
    #expect(run.seconds < 32, "took \(run.seconds) s")
  }

  @Test func aServerThatNeverAnswersTheLoginEndsTheRunWith69() throws {
    let run = try Self.run(mode: "mute", parameters: "connect_timeout=3")
    #expect(run.status == 69, "\(run.stderr)")
    #expect(
      run.stderr.contains("did not complete the login within 3 s (connect_timeout)"),
      "\(run.stderr)")
    #expect(run.seconds < 33, "took \(run.seconds) s")
  }
}
