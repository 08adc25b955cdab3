package dev.execd.api;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.execd.session.RecordEvent;
import dev.execd.session.RecordFramer;
import dev.execd.session.RecordsPoll;
import dev.execd.session.Scope;
import dev.execd.session.SessionRegistry;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.util.RawValue;

import org.springframework.stereotype.Service;

/**
 * Output as records (whole lines, JSON values with {@code jsonl}): the parameters shared
 * by the stream, the poll and the MCP tool, and the JSON shape of each record.
 */
@Service
public class RecordsService {

	/** The default of {@code max_record_bytes}. */
	public static final long DEFAULT_MAX_RECORD_BYTES = 16L * 1024 * 1024;

	/** The largest {@code max_record_bytes}: a line is held whole until it is sent. */
	public static final long MAX_RECORD_BYTES = 64L * 1024 * 1024;

	/** The longest {@code wait_ms} of a poll for records. */
	static final long MAX_WAIT_MS = 30_000;

	private final SessionRegistry registry;

	private final JsonMapper json;

	RecordsService(SessionRegistry registry, JsonMapper json) {
		this.registry = registry;
		this.json = json;
	}

	/**
	 * The framer asked for, or null without {@code framing}.
	 * @throws ApiException for an unknown framing, a limit out of range, or base64
	 */
	public static @Nullable RecordFramer framer(@Nullable String framing, @Nullable Long maxRecordBytes,
			boolean base64) {
		if (framing == null) {
			if (maxRecordBytes != null) {
				throw ApiException.invalid("max_record_bytes needs framing");
			}
			return null;
		}
		RecordFramer.Framing mode = switch (framing) {
			case "jsonl" -> RecordFramer.Framing.JSONL;
			case "lines" -> RecordFramer.Framing.LINES;
			default -> throw ApiException.invalid("framing must be jsonl or lines");
		};
		if (base64) {
			throw ApiException
				.invalid("framing gives records as JSON or text: it cannot be combined with " + "encoding=base64");
		}
		long max = (maxRecordBytes != null) ? maxRecordBytes : DEFAULT_MAX_RECORD_BYTES;
		if (max < 1 || max > MAX_RECORD_BYTES) {
			throw ApiException.invalid("max_record_bytes must be between 1 and " + MAX_RECORD_BYTES);
		}
		return new RecordFramer(mode, max);
	}

	/**
	 * Records as a poll; see {@code GET /sessions/{id}/records}.
	 * @param peek answer at once, as a {@code HEAD} must: it gets its {@code GET}'s
	 * status and headers without being held for the wait
	 */
	public RecordsResult poll(Scope scope, String id, @Nullable Long offset, @Nullable Long maxRecords,
			@Nullable Long waitMs, @Nullable String framing, @Nullable Long maxRecordBytes, boolean peek)
			throws InterruptedException {
		RecordFramer framer = framer((framing != null) ? framing : "jsonl", maxRecordBytes, false);
		long from = Inputs.nonNegative(offset, 0, "offset");
		int max = (int) Inputs.inRange(maxRecords, 100, 1, 1000, "max_records");
		long wait = Inputs.inRange(waitMs, 0, 0, MAX_WAIT_MS, "wait_ms");
		RecordsPoll.Page page = RecordsPoll.read(this.registry.find(scope, id), from, framer, max,
				peek ? 0 : wait * 1_000_000L);
		List<Map<String, Object>> records = page.records().stream().map(RecordsService::item).toList();
		List<Map<String, Object>> stderr = page.stderr().stream().map(RecordsService::item).toList();
		return new RecordsResult(records, stderr, page.stderrDropped(), page.nextOffset(), page.eof());
	}

	/**
	 * Records as MCP's {@code read_output} gives them with {@code framing}: the output is
	 * one JSON object per line, records and stderr lines ({@code "stream": "stderr"}) in
	 * log order, read from {@code offset} (default 0; the read cursor is not used).
	 */
	public OutputResult framed(Scope scope, String id, @Nullable Long offset, @Nullable Long waitMs, String framing)
			throws InterruptedException {
		// read_output documents wait_ms as clamped; with framing, to a records poll's.
		long wait = Inputs.clamp(waitMs, 0, 0, MAX_WAIT_MS, "wait_ms");
		RecordsResult page = poll(scope, id, offset, null, wait, framing, null, false);
		List<Map<String, Object>> items = new java.util.ArrayList<>(page.records());
		for (Map<String, Object> line : page.stderr()) {
			Map<String, Object> item = new LinkedHashMap<>(line);
			item.put("stream", "stderr");
			items.add(item);
		}
		items.sort(java.util.Comparator.comparingLong((item) -> (Long) item.get("offset")));
		StringBuilder text = new StringBuilder();
		items.forEach((item) -> text.append(this.json.writeValueAsString(item)).append('\n'));
		String endedBy = page.eof() ? "exit" : (page.records().isEmpty() ? "deadline" : "output");
		return new OutputResult(text.toString(), (offset != null) ? offset : 0, page.nextOffset(), page.eof(), null,
				endedBy, SessionView.of(this.registry.find(scope, id).snapshot()), null);
	}

	/**
	 * A record as JSON: {@code {offset, record}}, {@code {offset, line}}, {@code {offset,
	 * error, text}}, {@code {offset, end, error}} or, for stderr, {@code {offset, text}}.
	 */
	public static Map<String, Object> item(RecordEvent event) {
		Map<String, Object> item = new LinkedHashMap<>();
		item.put("offset", RecordEvent.offsetOf(event));
		switch (event) {
			case RecordEvent.Json json ->
				item.put("record", new RawValue(new String(json.json().toBytes(), StandardCharsets.UTF_8)));
			case RecordEvent.Line line -> item.put("line", line.text());
			case RecordEvent.Error error -> {
				if (error.text() != null) {
					item.put("error", error.error());
					item.put("text", error.text());
				}
				else {
					item.put("end", error.next());
					item.put("error", error.error());
				}
			}
			case RecordEvent.Stderr line -> item.put("text", line.text());
		}
		return item;
	}

}
