import Foundation
import NIOSSL
import PostgresNIO

/// Why a publication to PostgreSQL did not happen, each with its own exit code (sysexits) so
/// that a scheduler knows whether to retry. Nothing is half-written in any case: the
/// publication is one transaction.
package enum PostgresFailure: Error, CustomStringConvertible {
  /// A bad store URL or option (64: fix the command or the pipeline file).
  case usage(String)
  /// The server is down, refused the connection, dropped it, or a statement timed out (69:
  /// retry).
  case unavailable(String)
  /// The login was refused: wrong password, unknown role, no permission (77: fix the
  /// credentials or grants).
  case permission(String)
  /// The database named does not exist, or the server's certificate is not one the
  /// configuration trusts (78: fix the configuration).
  case configuration(String)
  /// The schema holds tables someone else changed (65: migrate or drop them).
  case schemaChanged(String)

  package var exitCode: Int32 {
    switch self {
    case .usage: return 64
    case .schemaChanged: return 65
    case .unavailable: return 69
    case .permission: return 77
    case .configuration: return 78
    }
  }

  package var description: String {
    switch self {
    case .usage(let message), .unavailable(let message), .permission(let message),
      .configuration(let message), .schemaChanged(let message):
      return message
    }
  }

  /// The same failure with `prefix` before its message.
  package func prefixed(_ prefix: String) -> PostgresFailure {
    switch self {
    case .usage(let message): return .usage(prefix + message)
    case .unavailable(let message): return .unavailable(prefix + message)
    case .permission(let message): return .permission(prefix + message)
    case .configuration(let message): return .configuration(prefix + message)
    case .schemaChanged(let message): return .schemaChanged(prefix + message)
    }
  }

  /// SQLSTATE classes that say the schema holds something auralift did not put there: data
  /// exceptions and integrity violations (a changed column or constraint), a trigger's or
  /// function's error (`P0`, `38`, `39`, `2F`), a missing or ambiguous object (`42`, but for
  /// 42501, a missing grant: 77).
  static let changedOutside = ["22", "23", "27", "2F", "38", "39", "42", "44", "P0"]

  /// `error`, met while publishing to `target`, as one of these with a one-line message that
  /// says what to fix.
  static func classify(_ error: any Error, target: PostgresTarget) -> PostgresFailure {
    if let failure = error as? PostgresFailure { return failure }
    // A failed transaction: what failed inside it (the statement, else the commit or begin).
    if let transaction = error as? PostgresTransactionError,
      let cause = transaction.closureError ?? transaction.commitError ?? transaction.beginError
    {
      return classify(cause, target: target)
    }
    let place = "PostgreSQL at \(target.host):\(target.port)"
    guard let error = error as? PSQLError else {
      return .unavailable("\(place): \(error)")
    }
    if let state = error.serverInfo?[.sqlState] {
      let message = error.serverInfo?[.message] ?? "error \(state)"
      switch state {
      case "28P01", "28000":
        return .permission(
          "\(place) refused the login of '\(target.user)': \(message) (check PGPASSWORD or the role)"
        )
      case "42501":
        return .permission(
          "\(place): \(message) (grant the role rights on schema \(target.schema))")
      case "3D000":
        return .configuration(
          "\(place) has no database '\(target.database)': create it, or name another")
      case "57014":
        return .unavailable("\(place): a statement ran past statement_timeout: \(message)")
      case let state where state.hasPrefix("08") || state.hasPrefix("57P"):
        return .unavailable("\(place): the server ended the session: \(message)")
      case let state where Self.changedOutside.contains(where: state.hasPrefix):
        // A constraint, trigger, rule or missing object auralift did not make: retrying
        // meets it again.
        return .schemaChanged(
          "\(place): schema \(target.schema) was changed outside auralift: \(message) (SQLSTATE \(state)); restore it or drop the schema to publish anew"
        )
      default:
        return .unavailable("\(place): \(message) (SQLSTATE \(state))")
      }
    }
    if let tls = error.underlying as? NIOSSLError {
      return .configuration(
        "\(place): TLS failed (\(tls)); under sslmode=\(target.tls.rawValue) the server's certificate must be signed by the authority in sslrootcert= (or PGSSLROOTCERT) and, for verify-full, name the host"
      )
    }
    switch error.code {
    case .connectionError:
      let reason = error.underlying.map { "\($0)" } ?? "connection failed"
      return .unavailable("\(place) cannot be reached: \(reason)")
    case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
      return .unavailable("\(place) closed the connection in the middle of the publication")
    case .sslUnsupported:
      return .unavailable(
        "\(place) does not offer TLS, which sslmode=\(target.tls.rawValue) requires")
    case .authMechanismRequiresPassword:
      return .permission("\(place) asks '\(target.user)' for a password: set PGPASSWORD")
    default:
      return .unavailable("\(place): \(error.code)")
    }
  }
}
