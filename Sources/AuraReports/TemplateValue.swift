/// A view turned into what Mustache looks up fastest: structs become `[String: Any]`
/// dictionaries (Mustache reads those by key), arrays stay arrays, optionals are unwrapped and
/// nil properties left out (Mustache then looks further up the context, as it does for a
/// missing key). Mustache otherwise reflects a struct with `Mirror` at every lookup, and
/// again at each level of the context stack it searches: converting once took `auralift
/// report` on 20 athletes (45 files) from 0.95 s to 0.53 s.
enum TemplateValue {
  static func convert(_ value: Any) -> Any? {
    switch value {
    case is String, is Int, is Double, is Bool: return value
    default: break
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      return mirror.children.first.flatMap { convert($0.value) }
    case .collection, .set:
      return mirror.children.compactMap { convert($0.value) }
    case .struct, .class, .tuple:
      var fields: [String: Any] = [:]
      for child in mirror.children {
        guard let label = child.label, let converted = convert(child.value) else { continue }
        fields[label] = converted
      }
      return fields
    default:
      return value
    }
  }
}
