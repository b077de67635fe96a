import Foundation

/// A report page as a mail attachment: alone, with no release folder around it, so every link
/// to another page of the release (`../athletes/…`, `../coaches/…`) becomes its plain text and
/// a link that would not open is never sent; links within the page (`#…`) stay.
enum StandalonePage {
  static func html(_ page: String) -> String {
    var text = page.replacingOccurrences(
      of: #"<p class="sub"><a href="\.\./coaches/[^"]*">← roster</a></p>\n?"#, with: "",
      options: .regularExpression)
    // A styled link (a roster's flag) keeps its look as a span.
    text = text.replacingOccurrences(
      of: #"<a class="([^"]*)" href="\.\./[^"]*">(.*?)</a>"#, with: #"<span class="$1">$2</span>"#,
      options: .regularExpression)
    text = text.replacingOccurrences(
      of: #"<a href="\.\./[^"]*">(.*?)</a>"#, with: "$1", options: .regularExpression)
    return text
  }
}
