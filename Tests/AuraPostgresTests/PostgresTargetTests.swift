import AuraTestSupport
import Foundation
import Testing

@testable import AuraPostgres

/// The store URL read as libpq reads it, with libpq's environment variables for what it
/// leaves out, and refused with a message that says what to fix.
@Suite struct PostgresTargetTests {
  @Test func theURLWinsAndTheEnvironmentFillsTheRest() throws {
    let environment = [
      "PGHOST": "db.env", "PGPORT": "6543", "PGUSER": "envuser", "PGPASSWORD": "p",
      "PGDATABASE": "envdb", "PGSSLMODE": "require", "PGCONNECT_TIMEOUT": "3", "HOME": "/nowhere",
    ]
    let filled = try PostgresTarget(url: "postgresql://", environment: environment)
    #expect(filled.host == "db.env")
    #expect(filled.port == 6543)
    #expect(filled.user == "envuser")
    #expect(filled.password == "p")
    #expect(filled.database == "envdb")
    #expect(filled.tls == .require)
    #expect(filled.connectTimeoutSeconds == 3)
    #expect(filled.schema == "auralift")
    let named = try PostgresTarget(
      url:
        "postgres://me@db:5433/platform?sslmode=verify-ca&schema=gym_a&statement_timeout=2.5&connect_timeout=7",
      environment: environment)
    #expect(named.host == "db")
    #expect(named.port == 5433)
    #expect(named.user == "me")
    #expect(named.database == "platform")
    #expect(named.tls == .verifyCA)
    #expect(named.schema == "gym_a")
    #expect(named.statementTimeoutSeconds == 2.5)
    #expect(named.connectTimeoutSeconds == 7)
    #expect(named.description == "postgresql://me@db:5433/platform (schema gym_a)")
  }

  @Test func theRootCertificateComesFromTheURLTheEnvironmentOrLibpqsPlace() throws {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("auralift-home-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: home) }
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent(".postgresql"), withIntermediateDirectories: true)
    let rootFile = home.appendingPathComponent(".postgresql/root.crt").path
    let pem = Data("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n".utf8)
    try pem.write(to: URL(fileURLWithPath: rootFile))
    let other = home.appendingPathComponent("ca.pem").path
    try pem.write(to: URL(fileURLWithPath: other))
    let url = "postgresql://u@h/d?sslmode=verify-full"
    #expect(
      try PostgresTarget(url: url, environment: ["HOME": home.path]).rootCertificate == rootFile)
    #expect(
      try PostgresTarget(url: url, environment: ["HOME": home.path, "PGSSLROOTCERT": other])
        .rootCertificate == other)
    #expect(
      try PostgresTarget(url: url + "&sslrootcert=\(other)", environment: ["HOME": "/nowhere"])
        .rootCertificate == other)
    #expect(try PostgresTarget(url: url, environment: ["HOME": "/nowhere"]).rootCertificate == nil)
  }

  @Test(arguments: [
    ("mysql://u@h/d", "not a postgresql:// URL"),
    ("postgresql://u:secret@h/d", "set PGPASSWORD"),
    ("postgresql://u@h/d?password=secret", "set PGPASSWORD"),
    ("postgresql://u@h/d?sslrootcert=/dev/null", "sslrootcert /dev/null is not a regular file"),
    ("postgresql://u@h/d?sslrootcert=/", "sslrootcert / is not a regular file"),
    ("postgresql://u@h/d?colour=blue", "unknown parameter 'colour'"),
    ("postgresql://u@h/d?sslmode=maybe", "sslmode=maybe: use disable"),
    ("postgresql://u@h/d?schema=Gym-A", "schema 'Gym-A'"),
    ("postgresql://u@h/d?statement_timeout=-1", "statement_timeout=-1"),
    ("postgresql://u@h/d?connect_timeout=0.5", "connect_timeout=0.5: whole seconds"),
    ("postgresql://u@h/d?publication_timeout=0", "publication_timeout=0: seconds from 1"),
    ("postgresql://u@h/d?sslrootcert=/no/such.pem", "sslrootcert /no/such.pem cannot be read"),
    ("postgresql://u@%2Frun%2Fpostgresql/d", "Unix socket"),
    ("postgresql://u@h/d?statement_timeout=inf", "statement_timeout=inf: seconds from 0.001"),
    ("postgresql://u@h/d?statement_timeout=1e308", "statement_timeout=1e308"),
    ("postgresql://u@h/d?statement_timeout=1e-9", "statement_timeout=1e-9"),
    ("postgresql://u@h/d?connect_timeout=99999999999", "connect_timeout=99999999999"),
    ("postgresql://u@h:99999999999999999999/d", "port 99999999999999999999 is not a port"),
    ("postgresql://u@h:0/d", "port 0 is out of range"),
  ])
  func badURLsSayWhatToFix(url: String, message: String) {
    do {
      _ = try PostgresTarget(url: url, environment: ["HOME": "/nowhere"], fromCommandLine: true)
      Issue.record("\(url) was accepted")
    } catch let failure as PostgresFailure {
      #expect(failure.exitCode == 64)
      #expect(failure.description.contains(message), "\(failure)")
      #expect(!failure.description.contains("secret"))
    } catch {
      Issue.record("\(url): \(error)")
    }
  }

  /// A password never reaches a message, even in a URL Foundation cannot parse.
  @Test(arguments: [
    "postgresql://u:secret@h/d", "postgresql://u:secret@h:5432/d?schema=x",
    "postgresql://u:secret@h/d with spaces", "postgresql://u:sec@ret@h/d",
    "postgresql://u:secret@[::1/d", "u:secret@h", "postgresql://u@h/d?password=secret",
    "postgresql://u@h/d?schema=x&PassWord=secret", "postgresql://u@h/d?pass%77ord=secret",
  ])
  func aPasswordIsNeverShown(url: String) {
    #expect(!PostgresTarget.redacted(url).contains("secret"), "\(PostgresTarget.redacted(url))")
    do {
      _ = try PostgresTarget(url: url + "?colour=blue", environment: ["HOME": "/nowhere"])
    } catch {
      #expect(!"\(error)".contains("secret"), "\(error)")
    }
  }

  /// A password given as libpq's `password=` parameter is used, as libpq does, in a pipeline
  /// file (not on a command line).
  @Test func aPasswordParameterIsUsed() throws {
    let target = try PostgresTarget(
      url: "postgresql://u@h/d?password=s3cret&schema=x", environment: ["PGPASSWORD": "other"])
    #expect(target.password == "s3cret")
    #expect(!target.description.contains("s3cret"))
  }

  /// A root certificate that is a FIFO would block the run for ever, one that is not PEM
  /// failed deep in TLS: both are refused at once, naming the file.
  @Test func aRootCertificateMustBeAPEMFile() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    let fifo = folder.appendingPathComponent("ca.fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let text = folder.appendingPathComponent("ca.txt").path
    try Data("not a certificate\n".utf8).write(to: URL(fileURLWithPath: text))
    for (file, problem) in [
      (fifo, "is not a regular file"), (text, "holds no PEM certificate"),
    ] {
      #expect {
        try PostgresTarget(url: "postgresql://u@h/d?sslmode=verify-full&sslrootcert=\(file)")
      } throws: { error in
        (error as? PostgresFailure)?.exitCode == 64
          && "\(error)".contains("sslrootcert \(file) \(problem)")
      }
    }
  }

  /// URLs built from hostile pieces: each is a target or a usage error (64), never a trap,
  /// and the password never shows.
  @Test func randomURLsAreReadOrRefusedNeverTrap() {
    let schemes = ["postgresql://", "postgres://", "mysql://", "", "postgresql:/", "://"]
    let users = ["", "u@", "u:s3cr3t@", ":s3cr3t@", "u:s3cr3t:more@", "%00@", "u:s3cr3t@@"]
    let hosts = ["h", "", "[::1]", "[::1", "127.0.0.1", "%2Ftmp", "h h", "h\u{0}"]
    let ports = [
      "", ":5432", ":0", ":-1", ":65536", ":99999999999999999999", ":x", ":", ":5432:1",
    ]
    let paths = ["", "/d", "/", "/d/e", "/%00", "/d?"]
    let values = [
      "", "0", "-1", "1e-9", "1e308", "inf", "nan", "1", "99999999999999999999", "x", "%00",
    ]
    let names = [
      "sslmode", "schema", "statement_timeout", "connect_timeout", "sslrootcert", "colour",
    ]
    var state: UInt64 = 57
    func pick<T>(_ items: [T]) -> T {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return items[Int(state >> 33) % items.count]
    }
    for _ in 0..<2000 {
      var url = pick(schemes) + pick(users) + pick(hosts) + pick(ports) + pick(paths)
      let count = Int(state >> 60) % 3
      if count > 0 {
        url +=
          "?" + (0..<count).map { _ in "\(pick(names))=\(pick(values))" }.joined(separator: "&")
      }
      do {
        let target = try PostgresTarget(url: url, environment: ["HOME": "/nowhere"])
        #expect((1...65535).contains(target.port), "\(url)")
        #expect(!target.description.contains("s3cr3t"))
      } catch let failure as PostgresFailure {
        #expect(failure.exitCode == 64, "\(url): \(failure)")
        #expect(!failure.description.contains("s3cr3t"), "\(url): \(failure)")
      } catch {
        Issue.record("\(url): \(error)")
      }
    }
  }
}
