import AuraSupport
import Foundation

/// Where a run publishes in PostgreSQL: a libpq-style URL
/// (`postgresql://user@host:5432/db?sslmode=require&schema=auralift`) with libpq's
/// environment variables (`PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`, `PGDATABASE`,
/// `PGSSLMODE`, `PGSSLROOTCERT`, `PGCONNECT_TIMEOUT`) for what it leaves out. A password belongs in `PGPASSWORD` (or a pipeline
/// file), never on a command line; the description never shows it.
package struct PostgresTarget: Sendable, Equatable, CustomStringConvertible {
  package enum TLSMode: String, Sendable {
    case disable, allow, prefer, require
    case verifyCA = "verify-ca"
    case verifyFull = "verify-full"
  }

  package var host: String
  package var port: Int
  package var user: String
  package var password: String?
  package var database: String
  /// The schema the tables live in (`schema=` in the URL, default `auralift`).
  package var schema: String
  package var tls: TLSMode
  /// The certificate file (PEM) of the authority that signed the server's certificate
  /// (`sslrootcert=`), checked under verify-ca and verify-full. Without one, libpq's
  /// `~/.postgresql/root.crt` if it exists, otherwise the system's trusted authorities.
  package var rootCertificate: String?
  /// How long to wait for the connection (`connect_timeout=` in seconds, as libpq; 10).
  package var connectTimeoutSeconds: Int = 10
  /// Each statement's time limit (`statement_timeout=` in seconds), none by default.
  package var statementTimeoutSeconds: Double?

  /// The whole publication's time limit (`publication_timeout=` in seconds; six hours): past
  /// it the client closes the connection, which rolls the publication back, however well the
  /// server answers.
  package var publicationTimeoutSeconds: Double = 21_600
  package static let publicationTimeoutRange = 1.0...604_800.0

  /// How long the client waits for the server's next answer before it closes the connection
  /// (rolling the publication back): `statement_timeout` plus ten seconds, else an hour. The
  /// server's own limit is useless against a server that stopped answering.
  package var silenceLimitSeconds: Double { (statementTimeoutSeconds ?? 3600) + 10 }

  /// What `silenceLimitSeconds` comes from, for messages.
  var silenceLimitReason: String {
    statementTimeoutSeconds == nil
      ? "an hour and ten seconds, without statement_timeout"
      : "statement_timeout plus 10 s"
  }

  /// The largest `sslrootcert` read: a bundle of every public authority is about 200 KB.
  package static let rootCertificateMaxBytes = 4_000_000

  /// Parses `url`, filling what it leaves out from `environment`. `fromCommandLine` refuses a
  /// password in the URL (it would show in `ps` and in shell history).
  package init(
    url: String, environment: [String: String] = ProcessInfo.processInfo.environment,
    fromCommandLine: Bool = false
  ) throws {
    func bad(_ reason: String) -> PostgresFailure {
      .usage("store \(Self.redacted(url)): \(reason)")
    }
    // The authority's "//" is required: without it Foundation reads user, password and host
    // as the database's name.
    guard url.hasPrefix("postgresql://") || url.hasPrefix("postgres://"),
      let components = URLComponents(string: url)
    else { throw bad("not a postgresql:// URL") }
    var items: [String: String] = [:]
    for item in components.queryItems ?? [] { items[item.name] = item.value ?? "" }
    if components.password != nil || items["password"] != nil, fromCommandLine {
      throw bad("a password on the command line shows in ps and shell history; set PGPASSWORD")
    }
    host = components.host.flatMap { $0.isEmpty ? nil : $0 } ?? environment["PGHOST"] ?? "localhost"
    guard !host.hasPrefix("/") else {
      throw bad("a Unix socket folder as host is not supported; give a host name or address")
    }
    port = try Self.port(components, url: url, environment: environment, bad: bad)
    user =
      components.user.flatMap { $0.isEmpty ? nil : $0 } ?? environment["PGUSER"]
      ?? environment["USER"] ?? "postgres"
    password = components.password ?? items["password"] ?? environment["PGPASSWORD"]
    let path =
      components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
    database = path.isEmpty ? environment["PGDATABASE"] ?? user : path
    guard !database.contains("/"), !database.contains("\u{0}") else {
      throw bad("'\(database)' is not a database name")
    }
    let known: Set<String> = [
      "sslmode", "sslrootcert", "schema", "statement_timeout", "connect_timeout", "password",
      "publication_timeout",
    ]
    if let unknown = items.keys.sorted().first(where: { !known.contains($0) }) {
      throw bad("unknown parameter '\(unknown)' (known: \(known.sorted().joined(separator: ", ")))")
    }
    (tls, rootCertificate) = try Self.tls(items, environment: environment, bad: bad)
    if let text = items["connect_timeout"] ?? environment["PGCONNECT_TIMEOUT"] {
      guard let seconds = Int(text), Self.connectTimeoutRange.contains(seconds) else {
        throw bad("connect_timeout=\(text.prefix(20)): whole seconds from 1 to 3600")
      }
      connectTimeoutSeconds = seconds
    }
    schema = items["schema"] ?? "auralift"
    guard Self.isIdentifier(schema) else {
      throw bad("schema '\(schema)': use lower-case letters, digits and '_', not first a digit")
    }
    if let text = items["publication_timeout"] {
      guard let seconds = Double(text), Self.publicationTimeoutRange.contains(seconds) else {
        throw bad("publication_timeout=\(text.prefix(20)): seconds from 1 to 604800")
      }
      publicationTimeoutSeconds = seconds
    }
    if let text = items["statement_timeout"] {
      guard let seconds = Double(text), Self.statementTimeoutRange.contains(seconds) else {
        throw bad("statement_timeout=\(text.prefix(20)): seconds from 0.001 to 86400")
      }
      statementTimeoutSeconds = seconds
    }
  }

  /// The URL's port, else PGPORT's, else 5432; one that is not a port (1-65535) is refused,
  /// never replaced by the default.
  private static func port(
    _ components: URLComponents, url: String, environment: [String: String],
    bad: (String) -> PostgresFailure
  ) throws -> Int {
    let port: Int
    if let given = components.port {
      port = given
    } else if let text = portText(url), !text.isEmpty {
      // Foundation gives no port for one that does not fit an Int: never the default instead.
      throw bad("port \(text.prefix(20)) is not a port (1-65535)")
    } else if let text = environment["PGPORT"] {
      guard let given = Int(text) else { throw bad("PGPORT=\(text) is not a port") }
      port = given
    } else {
      port = 5432
    }
    guard (1...65535).contains(port) else { throw bad("port \(port) is out of range") }
    return port
  }

  /// The TLS mode (sslmode, else PGSSLMODE, else prefer) and the authorities' certificates
  /// (sslrootcert, else PGSSLROOTCERT, else ~/.postgresql/root.crt where it exists), checked.
  private static func tls(
    _ items: [String: String], environment: [String: String], bad: (String) -> PostgresFailure
  ) throws -> (TLSMode, String?) {
    let mode = items["sslmode"] ?? environment["PGSSLMODE"] ?? "prefer"
    guard let tls = TLSMode(rawValue: mode) else {
      throw bad("sslmode=\(mode): use disable, allow, prefer, require, verify-ca or verify-full")
    }
    var rootCertificate = items["sslrootcert"] ?? environment["PGSSLROOTCERT"]
    if rootCertificate == nil, let home = environment["HOME"] {
      let file = home + "/.postgresql/root.crt"
      if FileManager.default.fileExists(atPath: file) { rootCertificate = file }
    }
    if let file = rootCertificate, let problem = rootCertificateProblem(file) {
      throw bad("sslrootcert \(file) \(problem)")
    }
    return (tls, rootCertificate)
  }

  /// Why `file` cannot be the authorities' certificates, if it cannot: it must be a readable
  /// regular file (a FIFO or a device would block or never end) of at most
  /// `rootCertificateMaxBytes`, holding a PEM certificate.
  static func rootCertificateProblem(_ file: String) -> String? {
    if let problem = BoundedFile.problem(file, maxBytes: rootCertificateMaxBytes) {
      return problem
    }
    guard let data = FileManager.default.contents(atPath: file) else { return "cannot be read" }
    guard data.range(of: Data("-----BEGIN CERTIFICATE-----".utf8)) != nil else {
      return "holds no PEM certificate (-----BEGIN CERTIFICATE-----)"
    }
    return nil
  }

  /// `postgresql://user@host:port/database (schema s)`, without the password.
  package var description: String {
    "postgresql://\(user)@\(host):\(port)/\(database) (schema \(schema))"
  }

  /// An identifier that needs no quoting: lower-case letters, digits and `_`, at most 63.
  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, name.utf8.count <= 63,
      ("a"..."z").contains(first) || first == "_"
    else { return false }
    return name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
    }
  }

  /// The limits of `connect_timeout=` and `statement_timeout=` (seconds): a wait that ends,
  /// and a limit PostgreSQL's milliseconds can hold.
  package static let connectTimeoutRange = 1...3600
  package static let statementTimeoutRange = 0.001...86400.0

  /// What stands after the host's `:` in `url`'s authority, if anything.
  static func portText(_ url: String) -> String? {
    guard let scheme = url.range(of: "://") else { return nil }
    let rest = url[scheme.upperBound...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let hostPort =
      authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] }
      ?? authority
    let afterBracket = hostPort.lastIndex(of: "]").map { hostPort[$0...] } ?? hostPort
    return afterBracket.lastIndex(of: ":").map {
      String(afterBracket[afterBracket.index(after: $0)...])
    }
  }

  /// `url` with any password replaced by `***`, in its authority or as a `password=`
  /// parameter, for messages; read as text, so that a URL Foundation cannot parse is redacted
  /// too.
  package static func redacted(_ url: String) -> String {
    let authority = redactedAuthority(url)
    guard let query = authority.firstIndex(of: "?") else { return authority }
    let parameters = authority[authority.index(after: query)...].split(
      separator: "&", omittingEmptySubsequences: false
    ).map { parameter -> String in
      let name = parameter.prefix { $0 != "=" }
      let decoded = String(name).removingPercentEncoding ?? String(name)
      return decoded.lowercased() == "password" ? "\(name)=***" : String(parameter)
    }
    return authority[...query] + parameters.joined(separator: "&")
  }

  private static func redactedAuthority(_ url: String) -> String {
    guard let scheme = url.range(of: "://") else {
      return url.contains("@") || url.contains(":") ? "(a store URL that does not parse)" : url
    }
    let rest = url[scheme.upperBound...]
    let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
    guard let at = rest[..<authorityEnd].lastIndex(of: "@"),
      let colon = rest[..<at].firstIndex(of: ":")
    else { return url }
    return String(url[..<rest.index(after: colon)]) + "***" + String(url[at...])
  }
}
