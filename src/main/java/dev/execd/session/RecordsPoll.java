package dev.execd.session;

import java.util.ArrayList;
import java.util.List;

/**
 * Records as a poll: as many whole lines from an offset as fit in the limits, waiting for
 * the first one if asked. Stdout records come exactly once across polls that pass
 * {@code next_offset} back; a stderr line that straddles it may come again.
 */
public final class RecordsPoll {

	/** Record bytes in one answer; one record larger than this still comes alone. */
	public static final long MAX_BYTES = 8L * 1024 * 1024;

	/** Stderr lines kept in one answer; later ones are counted as dropped. */
	public static final int MAX_STDERR_LINES = 1000;

	/** Stderr text kept in one answer. */
	public static final long MAX_STDERR_CHARS = 1024 * 1024;

	private RecordsPoll() {
	}

	/**
	 * Reads records from {@code from}.
	 * @param maxRecords most records
	 * @param waitNanos how long to wait for a first record
	 */
	public static Page read(Session session, long from, RecordFramer framer, int maxRecords, long waitNanos)
			throws InterruptedException {
		long deadline = System.nanoTime() + waitNanos;
		List<RecordEvent> records = new ArrayList<>();
		List<RecordEvent.Stderr> stderr = new ArrayList<>();
		long lastNext = from;
		long bytes = 0;
		long stderrChars = 0;
		long stderrDropped = 0;
		boolean full = false;
		boolean eof = false;
		try (LiveRecords live = LiveRecords.follow(session, from, framer, 0, Subscriber.SELF_CLOSING)) {
			while (!full && !eof) {
				LiveRecords.Item item = live.next();
				if (item == null) {
					if (!records.isEmpty() || System.nanoTime() - deadline >= 0) {
						break;
					}
					live.await(deadline);
					continue;
				}
				switch (item) {
					case LiveRecords.Framed(RecordEvent.Stderr line) -> {
						// Stderr never ends a poll: a stdout line it surrounds could
						// never
						// complete. Past the bounds it is dropped, and counted.
						if (stderr.size() < MAX_STDERR_LINES && stderrChars < MAX_STDERR_CHARS) {
							stderr.add(line);
							stderrChars += line.text().length();
						}
						else {
							stderrDropped++;
						}
					}
					case LiveRecords.Framed(RecordEvent event) -> {
						records.add(event);
						lastNext = next(event);
						bytes += size(event);
					}
					case LiveRecords.Gap gap -> {
						// Reported as the record_error of the line it cut.
					}
					case LiveRecords.End end -> eof = true;
				}
				full = records.size() >= maxRecords || bytes >= MAX_BYTES;
			}
			long nextOffset = eof ? live.position() : live.resumePoint();
			return new Page(records, stderr, stderrDropped, Math.max(lastNext, nextOffset), eof);
		}
		catch (InterruptedException | RuntimeException ex) {
			// Refusals (an offset past the end, bytes no longer kept) are answered as
			// problems; only the checked close of a subscription is unexpected.
			throw ex;
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static long next(RecordEvent event) {
		return switch (event) {
			case RecordEvent.Json json -> json.next();
			case RecordEvent.Line line -> line.next();
			case RecordEvent.Error error -> error.next();
			case RecordEvent.Stderr line -> line.offset();
		};
	}

	private static long size(RecordEvent event) {
		return switch (event) {
			case RecordEvent.Json json -> json.json().length();
			case RecordEvent.Line line -> line.text().length();
			case RecordEvent.Error error -> (error.text() != null) ? error.text().length() : 0;
			case RecordEvent.Stderr line -> line.text().length();
		};
	}

	/**
	 * One poll's answer.
	 *
	 * @param records stdout records and errors, in order
	 * @param stderr stderr lines read meanwhile
	 * @param stderrDropped stderr lines past the bounds, not returned
	 * @param nextOffset where the next poll starts
	 * @param eof whether the session ended and everything was returned
	 */
	public record Page(List<RecordEvent> records, List<RecordEvent.Stderr> stderr, long stderrDropped, long nextOffset,
			boolean eof) {

	}

}
