import AuraCache
import Foundation

/// The cache addressed by the stage table's nodes (`stage: .features`).
extension ArtifactCache {
  func load<T: Decodable>(_ type: T.Type, stage: Stage, key: String) -> T? {
    load(type, in: stage, key: key)
  }

  func store<T: Encodable>(_ value: T, stage: Stage, key: String, fields: ContentKey) throws {
    try store(value, in: stage, key: key, fields: fields)
  }

  func contains(stage: Stage, key: String) -> Bool { contains(in: stage, key: key) }

  func isIntact(stage: Stage, key: String) -> Bool { isIntact(in: stage, key: key) }

  func fields(stage: Stage, key: String) -> [ContentKey.Field]? { fields(in: stage, key: key) }
}
