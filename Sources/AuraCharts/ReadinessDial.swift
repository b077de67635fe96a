import Foundation

/// A half-circle gauge for a 0-100 score (readiness), the number written in its middle and
/// the status under it; an absent score draws an empty dial that says why.
package struct ReadinessDial: Sendable {
  package var title: String
  package var value: Double?
  /// Written under the number, e.g. "ok" or "insufficient history".
  package var caption: String

  package init(title: String, value: Double?, caption: String) {
    self.title = title
    self.value = value
    self.caption = caption
  }

  /// The dial as an SVG element, 200 × 130 units.
  package func svg() -> String {
    let summary = value.map { "\(Int($0.rounded())) of 100, \(caption)" } ?? caption
    var canvas = SVGCanvas(width: 200, height: 130, title: title, summary: summary)
    let cx = 100.0
    let cy = 100.0
    let radius = 72.0
    // Zones under the needle: 0-50 low, 50-70 moderate, 70-100 good.
    for (low, high, fill) in [(0.0, 50.0, "#f8d3c0"), (50, 70, "#fbe7c2"), (70, 100, "#cdeee1")] {
      canvas.path(arc(cx, cy, radius, low, high), stroke: fill, width: 16)
    }
    for tick in [0.0, 50, 70, 100] {
      let (x, y) = point(cx, cy, radius + 13, tick)
      canvas.text(String(Int(tick)), x: x, y: y + 3, size: 9, anchor: "middle", fill: Palette.muted)
    }
    if let value {
      let clamped = min(100, max(0, value))
      canvas.path(arc(cx, cy, radius, 0, clamped), stroke: Palette.score(clamped), width: 8)
      let (x1, y1) = point(cx, cy, radius - 11, clamped)
      let (x2, y2) = point(cx, cy, radius + 9, clamped)
      canvas.line(x1: x1, y1: y1, x2: x2, y2: y2, stroke: Palette.ink, width: 3)
      canvas.text(
        String(Int(clamped.rounded())), x: cx, y: cy - 18, size: 26, anchor: "middle", bold: true)
    } else {
      canvas.text("–", x: cx, y: cy - 18, size: 26, anchor: "middle", fill: Palette.muted)
    }
    canvas.text(caption, x: cx, y: cy + 20, size: 11, anchor: "middle")
    return canvas.render()
  }

  /// The point at `score` (0 = left, 100 = right) on a half circle.
  private func point(_ cx: Double, _ cy: Double, _ r: Double, _ score: Double) -> (Double, Double) {
    let angle = Double.pi * (1 - score / 100)
    return (cx + r * cos(angle), cy - r * sin(angle))
  }

  private func arc(_ cx: Double, _ cy: Double, _ r: Double, _ from: Double, _ to: Double) -> String
  {
    let (x1, y1) = point(cx, cy, r, from)
    let (x2, y2) = point(cx, cy, r, to)
    return "M\(n(x1)) \(n(y1))A\(n(r)) \(n(r)) 0 0 1 \(n(x2)) \(n(y2))"
  }
}
