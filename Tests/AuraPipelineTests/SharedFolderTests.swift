import AuraTestSupport
import Foundation
import Testing

@testable import AuraPipeline

/// Where a sharded run's folders go: the cache named in the pipeline file (relative to it),
/// and the database built on local disk only where the output is on a network filesystem.
@Suite struct SharedFolderTests {
  @Test func thePipelineFileNamesTheCacheRelativeToItself() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    let file = folder.appendingPathComponent("pipelines/shared.yaml")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("dataset: ../data\nout: /srv/out\ncache: ../shared/cache\n".utf8).write(to: file)
    let config = try PipelineConfig.load(path: file.path)
    #expect(config.cacheFolder == folder.appendingPathComponent("shared/cache").path)
    #expect(
      PipelinePlan.cacheRoot(config: config, out: URL(fileURLWithPath: "/srv/out")).path
        == folder.appendingPathComponent("shared/cache").path)
    try Data("dataset: ../data\nout: /srv/out\n".utf8).write(to: file)
    let unset = try PipelineConfig.load(path: file.path)
    #expect(unset.cacheFolder == nil)
    #expect(
      PipelinePlan.cacheRoot(config: unset, out: URL(fileURLWithPath: "/srv/out")).path
        == "/srv/out/.cache")
  }

  @Test func localFoldersAreNotNetworkFileSystems() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { TestSupport.remove(folder) }
    #expect(!NetworkFileSystem.contains(folder.path))
    // A folder not made yet is judged by its nearest existing parent.
    #expect(!NetworkFileSystem.contains(folder.appendingPathComponent("a/b/c").path))
    #expect(!NetworkFileSystem.contains("/proc/self"))
  }
}
