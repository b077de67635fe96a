import Foundation

/// A throwaway PostgreSQL 15 server from Debian's packages for the tests: `initdb` in a
/// temporary folder as the postgres user (scram-sha-256 over TCP, with `password` for the
/// superuser), started by `pg_ctl` on a free loopback port with `fsync=off`, stopped by
/// `stop()` and, whatever happens, when the test process exits. It offers TLS with a
/// certificate for `localhost` and `127.0.0.1` signed by an authority made for it
/// (`certificateAuthority`), and logs each connection.
package final class PostgresServer: @unchecked Sendable {
  // `@unchecked`: every property is set in init and read only, but `running` (the lock).
  package static let password = "auralift-test"
  package static let binaries = "/usr/lib/postgresql/15/bin"

  package let folder: URL
  package let port: Int
  private let lock = NSLock()

  /// Starts a server in a new temporary folder; throws naming what is missing or failed.
  package init() throws {
    guard FileManager.default.isExecutableFile(atPath: "\(Self.binaries)/initdb") else {
      throw ServerError("PostgreSQL 15 is not installed: apt-get install postgresql-15")
    }
    folder = URL(fileURLWithPath: "/tmp/auralift-pg-\(UUID().uuidString.prefix(8))")
    port = try Self.freePort()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let passwordFile = folder.appendingPathComponent("password")
    try Data(Self.password.utf8).write(to: passwordFile)
    try Self.run("/bin/chown", ["-R", "postgres:postgres", folder.path])
    try Self.run("/bin/chmod", ["0700", folder.path])
    try Self.asPostgres(
      "initdb",
      [
        "-D", "\(folder.path)/data", "-U", "postgres", "--pwfile=\(passwordFile.path)",
        "--auth-host=scram-sha-256", "--auth-local=trust", "--no-sync", "-E", "UTF8",
        "--locale=C.UTF-8",
      ])
    try makeCertificates()
    Self.register(self)
    try start()
  }

  /// Starts the server (again, after `kill`).
  package func start() throws {
    try Self.asPostgres(
      "pg_ctl",
      [
        "-D", "\(folder.path)/data", "-l", "\(folder.path)/log", "-w", "-t", "30", "-o",
        "-p \(port) -k \(folder.path) -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off"
          + " -c ssl=on -c ssl_cert_file=\(folder.path)/server.pem -c ssl_key_file=\(folder.path)/server.key"
          + " -c log_connections=on",
        "start",
      ])
  }

  /// The certificate (PEM) of the authority that signed the server's.
  package var certificateAuthority: String { "\(folder.path)/ca.pem" }

  /// The server's log so far.
  package func log() -> String {
    (try? String(contentsOfFile: "\(folder.path)/log", encoding: .utf8)) ?? ""
  }

  /// An authority and, signed by it, the server's certificate and key (readable by the
  /// postgres user alone, as the server requires).
  private func makeCertificates() throws {
    let base = folder.path
    try Data("subjectAltName=DNS:localhost,IP:127.0.0.1\n".utf8)
      .write(to: folder.appendingPathComponent("san.ext"))
    let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    try Self.run(
      "/usr/bin/openssl",
      ["req", "-x509"] + key + [
        "-keyout", "\(base)/ca.key", "-out", "\(base)/ca.pem", "-days", "2", "-subj",
        "/CN=AuraLift test authority",
      ])
    try Self.run(
      "/usr/bin/openssl",
      ["req"] + key + [
        "-keyout", "\(base)/server.key", "-out", "\(base)/server.csr", "-subj", "/CN=localhost",
      ])
    try Self.run(
      "/usr/bin/openssl",
      [
        "x509", "-req", "-in", "\(base)/server.csr", "-CA", "\(base)/ca.pem", "-CAkey",
        "\(base)/ca.key", "-CAcreateserial", "-out", "\(base)/server.pem", "-days", "2",
        "-extfile", "\(base)/san.ext",
      ])
    try Self.run("/bin/chown", ["postgres:postgres", "\(base)/server.key", "\(base)/server.pem"])
    try Self.run("/bin/chmod", ["0600", "\(base)/server.key"])
  }

  /// Stops the server at once (SIGQUIT: no shutdown checkpoint), as a crash would.
  package func kill() {
    try? Self.asPostgres("pg_ctl", ["-D", "\(folder.path)/data", "-m", "immediate", "-w", "stop"])
  }

  /// Stops the server and removes its folder.
  package func stop() {
    kill()
    try? FileManager.default.removeItem(at: folder)
  }

  /// The store URL of `database` and `schema` (no password: tests pass it in PGPASSWORD).
  package func url(database: String = "postgres", schema: String = "auralift") -> String {
    "postgresql://postgres@127.0.0.1:\(port)/\(database)?sslmode=disable&schema=\(schema)"
  }

  /// The environment a client of this server runs with: the test's own, and PGPASSWORD.
  package var environment: [String: String] {
    ProcessInfo.processInfo.environment.merging(["PGPASSWORD": Self.password]) { $1 }
  }

  /// Runs `sql` through psql (as the superuser, over the socket); its output, unaligned,
  /// fields separated by tabs.
  @discardableResult
  package func psql(_ sql: String, database: String = "postgres") throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
    process.arguments = [
      "-h", folder.path, "-p", String(port), "-U", "postgres", "-d", database, "-X", "-q", "-A",
      "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", sql,
    ]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let problem = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ServerError("psql: \(String(decoding: problem, as: UTF8.self))")
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// A psql session kept open (reading SQL from its standard input), for holding a lock.
  package func session() throws -> (process: Process, input: FileHandle) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
    process.arguments = [
      "-h", folder.path, "-p", String(port), "-U", "postgres", "-d", "postgres", "-X", "-q",
    ]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return (process, input.fileHandleForWriting)
  }

  package struct ServerError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
  }

  private static func freePort() throws -> Int {
    let output = try run(
      "/usr/bin/python3",
      [
        "-c",
        "import socket; s=socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])",
      ])
    guard let port = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw ServerError("no free port: \(output)")
    }
    return port
  }

  /// Runs one of the server's programs as the postgres user (initdb refuses root).
  private static func asPostgres(_ program: String, _ arguments: [String]) throws {
    try run("/usr/sbin/runuser", ["-u", "postgres", "--", "\(binaries)/\(program)"] + arguments)
  }

  /// Runs a program through `system(3)` with its output in a file: Foundation's `Process`
  /// left `pg_ctl start`'s parent unreaped here (the server it starts keeps running), and a
  /// pipe would be held open by the server.
  @discardableResult
  private static func run(_ executable: String, _ arguments: [String]) throws -> String {
    let log = "/tmp/auralift-pg-run-\(UUID().uuidString.prefix(8)).log"
    defer { try? FileManager.default.removeItem(atPath: log) }
    func quoted(_ text: String) -> String {
      "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    let command =
      "cd /tmp && " + ([executable] + arguments).map(quoted).joined(separator: " ")
      + " > \(log) 2>&1 < /dev/null"
    let status = system(command)
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    guard status == 0 else {
      throw ServerError("\(([executable] + arguments).joined(separator: " ")): \(text)")
    }
    return text
  }

  // Servers still running when the test process exits are stopped then.
  nonisolated(unsafe) private static var servers: [PostgresServer] = []
  private static let registry = NSLock()

  private static func register(_ server: PostgresServer) {
    registry.lock()
    defer { registry.unlock() }
    if servers.isEmpty {
      atexit {
        for server in PostgresServer.servers { server.stop() }
      }
    }
    servers.append(server)
  }
}
