import AuraTestSupport
import Foundation
import Testing

@testable import AuraIngest

/// A manifest that is not JSON is named with the line and column where it breaks.
@Suite struct JSONSyntaxErrorTests {
  @Test(arguments: [
    ("{\n  \"athlete_id\": ,\n}", 2, 17, "expected a value"),
    ("{\"a\": [1, 2,, 3]}", 1, 13, "expected a value"),
    ("{\"a\": tru}", 1, 7, "expected 'true'"),
    ("{\"a\": 1} x", 1, 10, "text after the JSON value"),
    ("[", 1, 2, "expected a value, found the end"),
    ("{\"é\": \"x\n\"}", 1, 9, "a control character inside a string"),
    ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}'"),
    (
      "{\n  \"reps\": 99999999999999999999\n}", 2, 11,
      "the integer 99999999999999999999 (20 characters) does not fit 64 bits"
    ),
  ])
  func namesWhereTheTextBreaks(text: String, line: Int, column: Int, reason: String) {
    #expect(
      JSONSyntaxError.find(in: Data(text.utf8))
        == JSONSyntaxError(line: line, column: column, reason: reason))
  }

  @Test func everySampleManifestIsWellFormed() throws {
    let sessions = TestSupport.repositoryRoot.appendingPathComponent("datasets/sample/sessions")
    let folders = try FileManager.default.contentsOfDirectory(atPath: sessions.path)
    #expect(!folders.isEmpty)
    for folder in folders {
      let data = try Data(contentsOf: sessions.appendingPathComponent("\(folder)/session.json"))
      #expect(JSONSyntaxError.find(in: data) == nil, "\(folder)")
    }
    #expect(
      JSONSyntaxError.find(
        in: Data("\u{FEFF}[1, -2.5e3, 1e400, -9223372036854775808, true, null, \"\\\"\"]".utf8))
        == nil)
  }
}
