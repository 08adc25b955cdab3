package dev.execd.api.rest;

import java.io.IOException;
import java.util.Map;

import dev.execd.api.RecordsService;
import dev.execd.api.SessionView;
import dev.execd.session.LiveRecords;
import dev.execd.session.RecordEvent;

/**
 * Writes a session's records as Server-Sent Events: {@code record}, {@code record_error}
 * and {@code stderr} events, {@code gap} and {@code exit} as for raw output.
 */
final class RecordStream {

	private RecordStream() {
	}

	/** Writes the events of one record stream until its end. */
	static void pump(LiveRecords live, SseWriter sse) throws IOException, InterruptedException {
		SsePump.pump(sse, live::next, live::await, (item) -> {
			boolean flush = live.caughtUp();
			switch (item) {
				case LiveRecords.Framed framed -> framed(framed.event(), sse, flush);
				case LiveRecords.Gap gap ->
					sse.event("gap", Long.toString(gap.to()), new SseEvents.Gap(gap.from(), gap.to()), flush);
				case LiveRecords.End end -> {
					sse.event("exit", null, new SseEvents.SessionEvent(SessionView.of(end.session())));
					return true;
				}
			}
			return false;
		});
	}

	private static void framed(RecordEvent event, SseWriter sse, boolean flush) throws IOException {
		Map<String, Object> data = RecordsService.item(event);
		switch (event) {
			case RecordEvent.Json json -> sse.jsonRecord(json.next(), json.offset(), json.json(), flush);
			case RecordEvent.Line line -> sse.event("record", Long.toString(line.next()), data, flush);
			case RecordEvent.Error error -> sse.event("record_error", Long.toString(error.next()), data, flush);
			// No id: a stream resumes at the next stdout line, wherever stderr stands.
			case RecordEvent.Stderr line -> sse.event("stderr", null, data, flush);
		}
	}

}
