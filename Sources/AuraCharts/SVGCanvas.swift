import Foundation

/// A fixed-size SVG drawing that scales to its container: shapes and text in viewBox units,
/// rendered with a `<title>` and `<desc>` so screen readers and tooltips name the chart.
package struct SVGCanvas: Sendable {
  package let width: Double
  package let height: Double
  let title: String
  let summary: String
  /// The element's class: `chart` scales to its container's width; `spark` is a fixed
  /// small size for a table cell.
  package var cssClass = "chart"
  private var defs: [String] = []
  private var body: [String] = []

  /// `title` is read by assistive technology (and drawn by `heading()`); `summary` is the
  /// chart's text alternative (what it shows, in words).
  package init(width: Double, height: Double, title: String, summary: String) {
    self.width = width
    self.height = height
    self.title = title
    self.summary = summary
  }

  /// A rectangle; `tooltip` becomes a `<title>` child.
  package mutating func rect(
    x: Double, y: Double, width: Double, height: Double, fill: String,
    stroke: String? = nil, cornerRadius: Double = 0, tooltip: String? = nil
  ) {
    var attributes =
      "x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(max(0, width)))\" height=\"\(n(max(0, height)))\" fill=\"\(fill)\""
    if let stroke { attributes += " stroke=\"\(stroke)\"" }
    if cornerRadius > 0 { attributes += " rx=\"\(n(cornerRadius))\"" }
    body.append(element("rect", attributes, tooltip: tooltip))
  }

  /// A straight line; `dash` is an SVG dash array such as "4 3".
  package mutating func line(
    x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1,
    dash: String? = nil
  ) {
    var attributes =
      "x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\""
    if let dash { attributes += " stroke-dasharray=\"\(dash)\"" }
    body.append("<line \(attributes)/>")
  }

  /// An ellipse; `tooltip` becomes a `<title>` child.
  package mutating func ellipse(
    cx: Double, cy: Double, rx: Double, ry: Double, fill: String, stroke: String? = nil,
    tooltip: String? = nil
  ) {
    var attributes =
      "cx=\"\(n(cx))\" cy=\"\(n(cy))\" rx=\"\(n(rx))\" ry=\"\(n(ry))\" fill=\"\(fill)\""
    if let stroke { attributes += " stroke=\"\(stroke)\" stroke-width=\"0.6\"" }
    body.append(element("ellipse", attributes, tooltip: tooltip))
  }

  /// A path from SVG path data; `tooltip` becomes a `<title>` child.
  package mutating func path(
    _ data: String, fill: String = "none", stroke: String? = nil, width: Double = 1,
    dash: String? = nil, tooltip: String? = nil
  ) {
    var attributes = "d=\"\(data)\" fill=\"\(fill)\""
    if let stroke { attributes += " stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"" }
    if let dash { attributes += " stroke-dasharray=\"\(dash)\"" }
    body.append(element("path", attributes, tooltip: tooltip))
  }

  /// Text, escaped; `anchor` is start, middle or end.
  package mutating func text(
    _ string: String, x: Double, y: Double, size: Double = 11, anchor: String = "start",
    bold: Bool = false, fill: String = Palette.ink, rotate: Double? = nil
  ) {
    var attributes =
      "x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\" text-anchor=\"\(anchor)\" fill=\"\(fill)\""
    if bold { attributes += " font-weight=\"bold\"" }
    if let rotate { attributes += " transform=\"rotate(\(n(rotate)) \(n(x)) \(n(y)))\"" }
    body.append("<text \(attributes)>\(SVGCanvas.escape(string))</text>")
  }

  /// The chart's title, drawn at its top left, smaller where a long one would not fit (about
  /// 0.62 em a bold character).
  package mutating func heading() {
    let size = min(13, (width - 8) / (Double(max(title.count, 1)) * 0.62))
    text(title, x: 4, y: 15, size: size, bold: true)
  }

  /// Declares a reusable definition (a pattern or marker) once.
  package mutating func define(_ definition: String) {
    if !defs.contains(definition) { defs.append(definition) }
  }

  /// The SVG element: scales to the width of its container, keeps its aspect ratio.
  package func render() -> String {
    let id = "c" + String(UInt32(truncatingIfNeeded: (title + summary).hashValueStable), radix: 36)
    var out =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-labelledby=\"\(id)t \(id)d\" font-family=\"system-ui, sans-serif\" class=\"\(cssClass)\">"
    out += "<title id=\"\(id)t\">\(SVGCanvas.escape(title))</title>"
    out += "<desc id=\"\(id)d\">\(SVGCanvas.escape(summary))</desc>"
    if !defs.isEmpty { out += "<defs>" + defs.joined() + "</defs>" }
    out += body.joined()
    return out + "</svg>"
  }

  /// Escapes `&`, `<`, `>` and quotes for XML text and attributes.
  package static func escape(_ string: String) -> String {
    var out = ""
    out.reserveCapacity(string.count)
    for character in string {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(character)
      }
    }
    return out
  }

  private func element(_ name: String, _ attributes: String, tooltip: String?) -> String {
    guard let tooltip else { return "<\(name) \(attributes)/>" }
    return "<\(name) \(attributes)><title>\(SVGCanvas.escape(tooltip))</title></\(name)>"
  }
}

/// A coordinate with at most two decimals and no trailing zeros.
func n(_ value: Double) -> String {
  guard value.isFinite else { return "0" }
  let rounded = (value * 100).rounded() / 100
  if rounded == rounded.rounded() { return String(Int(rounded)) }
  var text = fixed(rounded, 2)
  while text.hasSuffix("0") { text.removeLast() }
  return text
}

/// `value` with exactly `digits` decimals, as charts print values.
func fixed(_ value: Double, _ digits: Int) -> String {
  String(format: "%.\(digits)f", value)
}

extension String {
  /// FNV-1a over the UTF-8 bytes: the same on every run (Swift's `hashValue` is seeded).
  var hashValueStable: UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }
}
