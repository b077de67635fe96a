import Foundation
import PackagePlugin

/// Records the commit the `auralift` binary is built from, and whether tracked files differed
/// from it, as `BuildInfo.commit` and `BuildInfo.dirty`, so that `--version` and an
/// experiment's record name the code that ran wherever the binary is copied. A prebuild
/// command (git through /bin/sh) rewrites the file only when its content changes, so an
/// unchanged checkout recompiles nothing. Hand-written: no mirrored package embeds build
/// metadata.
@main
struct BuildInfoPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo")
    let script = """
      mkdir -p "$2"
      commit=$(git -C "$1" rev-parse HEAD 2>/dev/null) || commit=unknown
      dirty=false
      if [ "$commit" != unknown ] && [ -n "$(git -C "$1" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
        dirty=true
      fi
      text="enum BuildInfo { static let commit = \\"$commit\\"; static let dirty = $dirty }"
      [ "$(cat "$2/BuildInfo.swift" 2>/dev/null)" = "$text" ] || printf '%s\\n' "$text" > "$2/BuildInfo.swift"
      """
    return [
      .prebuildCommand(
        displayName: "Recording the commit auralift is built from",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: ["-c", script, "sh", context.package.directoryURL.path, output.path],
        outputFilesDirectory: output)
    ]
  }
}
