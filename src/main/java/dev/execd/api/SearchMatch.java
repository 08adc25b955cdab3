package dev.execd.api;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/**
 * One matching line of a search.
 *
 * @param offset where the line's first match starts
 * @param lineOffset where the line starts
 * @param line the line's text, at most 1 KiB
 * @param lineTruncated whether {@code line} leaves part of the line out
 * @param before up to {@code context} lines before it
 * @param after up to {@code context} lines after it
 */
@Schema(description = "A line that matches: offsets in the log, its text, and context lines.")
public record SearchMatch(
		@Schema(description = "Byte offset in the log where the line's first match starts.",
				requiredMode = RequiredMode.REQUIRED, example = "104857") long offset,
		@Schema(description = """
				Byte offset where the line starts (for a line longer than 64 KiB, the 64 KiB \
				piece that matched).""", requiredMode = RequiredMode.REQUIRED, example = "104840") long lineOffset,
		@Schema(description = """
				The line without its `\\n` (and without the `\\r` of `\\r\\n`), at most 1 KiB, \
				cut on UTF-8 character boundaries, invalid UTF-8 as U+FFFD. A longer line shows \
				its start, or, when the match is more than 768 bytes in, the 1 KiB from 256 \
				bytes before the match.""", requiredMode = RequiredMode.REQUIRED,
				example = "FAILED tests/test_api.py::test_login") String line,
		@Schema(description = "Whether `line` leaves part of the line out.", requiredMode = RequiredMode.REQUIRED,
				example = "false") boolean lineTruncated,
		@Schema(description = "Up to `context` lines before it, oldest first, each at most 1 KiB.",
				requiredMode = RequiredMode.REQUIRED) List<String> before,
		@Schema(description = "Up to `context` lines after it, each at most 1 KiB.",
				requiredMode = RequiredMode.REQUIRED) List<String> after) {

}
