/// Front and back outlines of a body with the 30 AuraLift muscle groups shaded by a 0-100
/// recovery score. Low scores are hatched as well as coloured, each shape carries its name and
/// score as a tooltip and the larger ones print the number, and a legend explains the shades.
package struct BodyMap: Sendable {
  package var title: String
  /// Recovery per muscle id (`chest_upper`, …); a missing id is drawn as "no data".
  package var recovery: [String: Double]
  /// Display names per muscle id, for tooltips.
  package var names: [String: String]

  package init(title: String, recovery: [String: Double], names: [String: String] = [:]) {
    self.title = title
    self.recovery = recovery
    self.names = names
  }

  /// Where a muscle sits: on the front or back figure, offset from the figure's centre line,
  /// mirrored to both sides unless it sits on the centre line.
  struct Shape {
    let back: Bool
    let x, y, rx, ry: Double
  }

  /// Every muscle id the map draws, with its shape.
  static let shapes: [(id: String, shape: Shape)] = [
    ("chest_upper", Shape(back: false, x: 21, y: 90, rx: 17, ry: 6)),
    ("chest_middle", Shape(back: false, x: 21, y: 102, rx: 18, ry: 6)),
    ("chest_lower", Shape(back: false, x: 20, y: 113, rx: 16, ry: 5)),
    ("front_delts", Shape(back: false, x: 45, y: 90, rx: 8, ry: 9)),
    ("side_delts", Shape(back: false, x: 53, y: 99, rx: 5, ry: 9)),
    ("biceps", Shape(back: false, x: 58, y: 126, rx: 6, ry: 15)),
    ("brachialis", Shape(back: false, x: 63, y: 146, rx: 4, ry: 6)),
    ("forearms", Shape(back: false, x: 66, y: 176, rx: 6, ry: 20)),
    ("abs_upper", Shape(back: false, x: 0, y: 134, rx: 13, ry: 13)),
    ("abs_lower", Shape(back: false, x: 0, y: 164, rx: 12, ry: 15)),
    ("obliques", Shape(back: false, x: 28, y: 150, rx: 7, ry: 20)),
    ("hip_flexors", Shape(back: false, x: 15, y: 190, rx: 8, ry: 8)),
    ("adductors", Shape(back: false, x: 8, y: 228, rx: 5, ry: 20)),
    ("quadriceps", Shape(back: false, x: 22, y: 242, rx: 10, ry: 34)),
    ("tibialis", Shape(back: false, x: 21, y: 320, rx: 5, ry: 24)),
    ("traps_upper", Shape(back: true, x: 16, y: 80, rx: 14, ry: 6)),
    ("traps_middle", Shape(back: true, x: 0, y: 98, rx: 11, ry: 11)),
    ("rhomboids", Shape(back: true, x: 14, y: 112, rx: 6, ry: 9)),
    ("rear_delts", Shape(back: true, x: 46, y: 92, rx: 8, ry: 9)),
    ("rotator_cuff", Shape(back: true, x: 30, y: 100, rx: 7, ry: 6)),
    ("teres_major", Shape(back: true, x: 34, y: 116, rx: 6, ry: 4)),
    ("lats_upper", Shape(back: true, x: 28, y: 132, rx: 10, ry: 11)),
    ("lats_lower", Shape(back: true, x: 22, y: 154, rx: 9, ry: 11)),
    ("triceps", Shape(back: true, x: 58, y: 128, rx: 6, ry: 17)),
    ("lower_back", Shape(back: true, x: 8, y: 172, rx: 6, ry: 13)),
    ("glutes_med", Shape(back: true, x: 26, y: 192, rx: 9, ry: 7)),
    ("glutes_max", Shape(back: true, x: 16, y: 208, rx: 13, ry: 13)),
    ("hamstrings", Shape(back: true, x: 19, y: 256, rx: 10, ry: 32)),
    ("calves_gastrocnemius", Shape(back: true, x: 20, y: 314, rx: 8, ry: 19)),
    ("calves_soleus", Shape(back: true, x: 20, y: 344, rx: 6, ry: 10)),
  ]

  static let legend: [(label: String, value: Double?)] = [
    ("≥ 90 recovered", 95), ("70–89", 80), ("50–69", 60), ("< 50 needs rest", 25),
    ("no data", nil),
  ]

  /// The map as an SVG element, 360 × 424 units.
  package func svg() -> String {
    let summary = Self.shapes.map { entry in
      "\(names[entry.id] ?? entry.id) \(recovery[entry.id].map { String(Int($0.rounded())) } ?? "no data")"
    }.joined(separator: ", ")
    var canvas = SVGCanvas(width: 360, height: 424, title: title, summary: summary)
    canvas.define(Palette.hatch)
    canvas.heading()
    for (back, centre) in [(false, 90.0), (true, 270.0)] {
      drawOutline(on: &canvas, centre: centre)
      canvas.text(
        back ? "Back" : "Front", x: centre, y: 384, size: 11, anchor: "middle", bold: true)
      for entry in Self.shapes where entry.shape.back == back {
        draw(entry.id, entry.shape, on: &canvas, centre: centre)
      }
    }
    var x = 4.0
    for (index, item) in Self.legend.enumerated() {
      let y = 394.0 + Double(index / 3) * 14
      if index == 3 { x = 4 }
      canvas.rect(
        x: x, y: y, width: 10, height: 10, fill: Palette.score(item.value), stroke: Palette.outline)
      if let value = item.value, value < 50 {
        canvas.rect(x: x, y: y, width: 10, height: 10, fill: Palette.hatchFill)
      }
      canvas.text(item.label, x: x + 13, y: y + 9, size: 9)
      x += 118
    }
    return canvas.render()
  }

  private func draw(_ id: String, _ shape: Shape, on canvas: inout SVGCanvas, centre: Double) {
    let value = recovery[id]
    let name = names[id] ?? id
    let tooltip = "\(name): " + (value.map { "recovery \(Int($0.rounded()))/100" } ?? "no data")
    let sides: [Double] = shape.x == 0 ? [0] : [-shape.x, shape.x]
    for offset in sides {
      let cx = centre + offset
      canvas.ellipse(
        cx: cx, cy: shape.y, rx: shape.rx, ry: shape.ry, fill: Palette.score(value),
        stroke: Palette.muted, tooltip: tooltip)
      if let value, value < 50 {
        canvas.ellipse(
          cx: cx, cy: shape.y, rx: shape.rx, ry: shape.ry, fill: Palette.hatchFill)
      }
    }
    if let value, shape.rx >= 8, shape.ry >= 8 {
      canvas.text(
        String(Int(value.rounded())), x: centre + (sides.first ?? 0), y: shape.y + 3, size: 7.5,
        anchor: "middle", bold: true)
    }
  }

  /// A plain silhouette: head, neck, torso, arms and legs around a centre line.
  private func drawOutline(on canvas: inout SVGCanvas, centre c: Double) {
    func p(_ points: [(Double, Double)]) -> String {
      "M" + points.map { "\(n(c + $0.0)) \(n($0.1))" }.joined(separator: "L") + "Z"
    }
    canvas.ellipse(cx: c, cy: 48, rx: 15, ry: 18, fill: Palette.body, stroke: Palette.outline)
    canvas.path(
      p([(-7, 63), (7, 63), (8, 78), (-8, 78)]), fill: Palette.body, stroke: Palette.outline)
    canvas.path(
      p([(-46, 78), (46, 78), (40, 140), (37, 200), (-37, 200), (-40, 140)]), fill: Palette.body,
      stroke: Palette.outline)
    for side in [-1.0, 1.0] {
      canvas.path(
        p([
          (side * 46, 80), (side * 58, 84), (side * 72, 150), (side * 75, 205), (side * 62, 207),
          (side * 57, 152), (side * 45, 112),
        ]),
        fill: Palette.body, stroke: Palette.outline)
      canvas.path(
        p([
          (side * 37, 198), (side * 2, 198), (side * 6, 290), (side * 12, 368), (side * 30, 368),
          (side * 34, 290),
        ]),
        fill: Palette.body, stroke: Palette.outline)
    }
  }
}
