import Foundation

/// Errors as one line a person can act on: a file-system error as "path: reason" (the
/// system's reason, such as "No such file or directory", rather than Foundation's domain and
/// code), anything else as its own description.
package enum ErrorMessage {
  /// `error` as "path: reason" when it names a file, else its description.
  package static func describe(_ error: any Error) -> String {
    let nsError = error as NSError
    guard isFileSystem(nsError) else { return "\(error)" }
    let path =
      nsError.userInfo[NSFilePathErrorKey] as? String
      ?? (nsError.userInfo[NSURLErrorKey] as? URL)?.path
    return path.map { "\($0): \(reason(error))" } ?? reason(error)
  }

  /// What went wrong, without the file: the system's reason for a file-system error.
  package static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    guard isFileSystem(nsError) else { return "\(error)" }
    // The underlying error is stored as a Swift error, which `as? NSError` does not match.
    if let underlying = (nsError.userInfo[NSUnderlyingErrorKey] as? any Error).map({
      $0 as NSError
    }), underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if nsError.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(nsError.code)))
    }
    return nsError.localizedDescription
  }

  private static func isFileSystem(_ error: NSError) -> Bool {
    error.domain == NSCocoaErrorDomain || error.domain == NSPOSIXErrorDomain
  }
}
