package dev.execd.api;

import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/**
 * One poll of a session's records.
 *
 * @param records the stdout records, in order
 * @param stderr the stderr lines read meanwhile
 * @param stderrDropped stderr lines read but not returned
 * @param nextOffset where the next poll starts
 * @param eof whether everything was returned
 */
public record RecordsResult(@Schema(description = """
		Stdout lines in order, each one of: `{"offset", "record": <JSON value>}` (jsonl), \
		`{"offset", "line": "..."}` (lines), `{"offset", "error": "invalid_json", "text": <first KiB>}`, \
		`{"offset", "end", "error": "too_long"|"gap"}`. `offset` is the log offset of the \
		line's first byte.""", requiredMode = RequiredMode.REQUIRED) List<Map<String, Object>> records,
		@Schema(description = """
				Stderr lines read meanwhile, `{"offset", "text"}` (a line over 64 KiB comes in \
				pieces). A stderr line around `next_offset` may come again in the next poll.""",
				requiredMode = RequiredMode.REQUIRED) List<Map<String, Object>> stderr,
		@Schema(description = """
				Stderr lines read but not returned: past 1000 lines or 1 MiB of stderr per \
				answer the rest is dropped (stderr never stops a poll).""",
				requiredMode = RequiredMode.REQUIRED) long stderrDropped,
		@Schema(description = """
				Where the next poll starts (pass it as `offset`): the start of the first line \
				not returned.""", requiredMode = RequiredMode.REQUIRED) long nextOffset, @Schema(description = """
				True when the session has ended and every record was returned, including an \
				unterminated last line.""", requiredMode = RequiredMode.REQUIRED) boolean eof) {

}
