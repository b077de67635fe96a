import AuraSupport
import Foundation

/// `<out>/.state/deliveries.tsv`: every message handed over, by report, address and the
/// report's content key, with when. A report whose key and address are in it is not sent
/// again (a rerun, an unchanged week); a failed send is not in it, so the next run retries.
package struct DeliveryLedger: Sendable {
  package let file: URL
  private(set) var lines: [String]

  package init(out: URL) {
    file = out.appendingPathComponent(".state/deliveries.tsv")
    let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    lines = text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("report\t") }
  }

  static func entry(report: String, address: String, key: String) -> String {
    [report, address, key].joined(separator: "\t")
  }

  /// Whether this report, with this content, went to this address.
  package func wasSent(report: String, address: String, key: String) -> Bool {
    let prefix = Self.entry(report: report, address: address, key: key) + "\t"
    return lines.contains { $0.hasPrefix(prefix) }
  }

  /// Records a message handed over, and saves the ledger (atomically) at once: a run killed
  /// after a send does not send it again.
  package mutating func record(report: String, address: String, key: String, at time: String)
    throws
  {
    lines.append(Self.entry(report: report, address: address, key: key) + "\t" + time)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let text = (["report\taddress\tcontent_key\tsent_at"] + lines).joined(separator: "\n") + "\n"
    try AtomicFile.write(Data(text.utf8), to: file)
  }
}
