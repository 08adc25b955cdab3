package dev.execd.api;

import dev.execd.files.FileStat;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * A file, directory or link as the files API shows it.
 */
@Schema(description = "A file, directory or symbolic link, as `lstat` sees it: a link is shown as itself.")
public record FileInfo(
		@Schema(description = "The last name of the path.", example = "main.py",
				requiredMode = RequiredMode.REQUIRED) String name,
		@Schema(description = "The absolute path.", example = "/workspace/src/main.py",
				requiredMode = RequiredMode.REQUIRED) String path,
		@Schema(description = "What it is.", allowableValues = {
				"file", "dir", "symlink", "other" }, example = "file",
				requiredMode = RequiredMode.REQUIRED) String type,
		@Schema(description = "Size in bytes.", example = "1024", requiredMode = RequiredMode.REQUIRED) long size,
		@Schema(description = "Permission bits in octal.", example = "0644", pattern = "^0[0-7]{3,4}$",
				requiredMode = RequiredMode.REQUIRED) String mode,
		@Schema(description = "When the content last changed (RFC 3339, UTC).", example = "2026-11-22T00:58:07.576Z",
				requiredMode = RequiredMode.REQUIRED) String mtime,
		@Schema(description = "Where a symbolic link points, as written in the link; `null` for anything else.",
				example = "null", requiredMode = RequiredMode.REQUIRED) @Nullable String target,
		@Schema(description = """
				Whether the name, or a directory's above it, has bytes that are not UTF-8 (Linux \
				allows any but `/` and NUL). `name` and `path` then show each such byte as U+FFFD, \
				and `path` does not name this entry: reach it through a session's shell, or through \
				a directory above it (an archive of it carries the exact bytes in tar, a recursive \
				delete removes it).""", example = "false", requiredMode = RequiredMode.REQUIRED) boolean lossyName,
		@Schema(description = """
				Whether a symbolic link's target has bytes that are not UTF-8: `target` then shows \
				each such byte as U+FFFD and is not what the link holds (a tar.gz archive of it \
				carries the exact bytes); `false` for anything but such a link.""", example = "false",
				requiredMode = RequiredMode.REQUIRED) boolean lossyTarget){

	public static FileInfo of(FileStat stat) {
		return new FileInfo(stat.name(), stat.path().toString(), stat.type().name().toLowerCase(java.util.Locale.ROOT),
				stat.size(), String.format("0%03o", stat.mode()), stat.mtime().toString(), stat.shownTarget(),
				stat.lossy(), stat.lossyTarget());
	}

}
