import AuraSupport
import Foundation

/// `<out>/.state/deliveries.tsv`: every message handed over, by report, address and the
/// report's content key, with when. A report whose key and address are in it is not sent
/// again (a rerun, an unchanged week); a failed send is not in it, so the next run retries.
package struct DeliveryLedger: Sendable {
  package let file: URL
  /// report, address and content key of every record.
  private var sent: Set<[String]>

  package init(out: URL) {
    file = out.appendingPathComponent(".state/deliveries.tsv")
    sent = Set(TSVTable.read(file, columns: 4).dropFirst().map { Array($0.prefix(3)) })
  }

  /// Whether this report, with this content, went to this address.
  package func wasSent(report: String, address: String, key: String) -> Bool {
    sent.contains([report, address, key])
  }

  /// Records a message handed over, appending its line at once: a run killed after a send
  /// does not send it again. (A line cut short by a crash has too few fields and is skipped
  /// when read: that message is sent once more.)
  package mutating func record(report: String, address: String, key: String, at time: String)
    throws
  {
    sent.insert([report, address, key])
    let fileManager = FileManager.default
    if !fileManager.fileExists(atPath: file.path) {
      try TSVTable.write([["report", "address", "content_key", "sent_at"]], to: file)
    }
    let handle = try FileHandle(forWritingTo: file)
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: TSVTable.encoded([[report, address, key, time]]))
  }
}
