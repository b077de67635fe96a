/// Colours of every chart: a colour-blind-safe set (Okabe–Ito), never the only carrier of
/// meaning (marks, patterns and text say the same thing).
package enum Palette {
  package static let ink = "#1f2933"
  package static let muted = "#6b7280"
  package static let grid = "#e5e7eb"
  package static let outline = "#9ca3af"
  package static let body = "#f3f4f6"
  /// Series colours, in order.
  package static let series = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"]
  package static let good = "#009E73"
  package static let warning = "#E69F00"
  package static let bad = "#D55E00"
  package static let accent = "#0072B2"

  /// Fill of a 0-100 score: low orange-red through amber to green; nil is light grey.
  package static func score(_ value: Double?) -> String {
    guard let value else { return grid }
    switch value {
    case ..<50: return bad
    case ..<70: return warning
    case ..<90: return "#9ad0b9"
    default: return good
    }
  }

  /// The hatch pattern that marks "needs attention" areas, so the mark survives greyscale.
  static let hatch =
    "<pattern id=\"hatch\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"5\" stroke=\"#1f2933\" stroke-width=\"1.2\" stroke-opacity=\"0.55\"/></pattern>"
  /// The fill that draws `hatch` over a shape (the canvas must `define(Palette.hatch)`).
  static let hatchFill = "url(#hatch)"
}
