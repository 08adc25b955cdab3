package dev.execd.output;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * What one scan of a log found, as offsets only: the text is read afterwards (see
 * {@link LineText}).
 *
 * @param hits the matching lines, in log order
 * @param next where a further search goes on
 * @param stop why the scan stopped before its end, or null
 * @param scanned bytes read from the log
 * @param gaps ranges skipped because the log no longer keeps them
 * @param overBudgetLines lines on which the pattern ran out of steps, counted as not
 * matching
 */
public record LogScan(List<Hit> hits, long next, @Nullable Stop stop, long scanned, List<Span> gaps,
		long overBudgetLines) {

	/** Why a scan ended early. */
	public enum Stop {

		/** As many matches as asked for. */
		MAX_MATCHES,

		/** The request's time or byte budget. */
		BUDGET

	}

	/**
	 * A range of offsets, {@code [from, to)}.
	 *
	 * @param from the first
	 * @param to the end, exclusive
	 */
	public record Span(long from, long to) {

	}

	/**
	 * A matching line.
	 *
	 * @param offset where the first match in the line starts
	 * @param line the line without its newline
	 * @param before up to {@code context} lines before it
	 * @param after up to {@code context} lines after it
	 */
	public record Hit(long offset, Span line, List<Span> before, List<Span> after) {

		Hit(long offset, Span line, List<Span> before) {
			this(offset, line, before, new ArrayList<>());
		}

	}

}
