package dev.execd.session;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Pairs up the markers of a shell's output streams: a shell on pipes prints each marker
 * to stdout and stderr, and a boundary is complete once both streams reached it. Each
 * stream reports its markers in order, so the n-th of one pairs with the n-th of the
 * other.
 */
final class MarkerJoin {

	private final List<ArrayDeque<Seen>> streams = new ArrayList<>();

	MarkerJoin(int streams) {
		for (int i = 0; i < streams; i++) {
			this.streams.add(new ArrayDeque<>());
		}
	}

	/** Records one stream's marker; returns the boundary when it is now complete. */
	synchronized Boundary add(int stream, String body, long position) {
		this.streams.get(stream).add(new Seen(body, position));
		for (ArrayDeque<Seen> queue : this.streams) {
			if (queue.isEmpty()) {
				return null;
			}
		}
		long first = Long.MAX_VALUE;
		long last = 0;
		String text = null;
		for (ArrayDeque<Seen> queue : this.streams) {
			Seen seen = queue.poll();
			first = Math.min(first, seen.position());
			last = Math.max(last, seen.position());
			text = (text != null) ? text : seen.body();
		}
		return new Boundary(text, first, last);
	}

	private record Seen(String body, long position) {

	}

	/**
	 * A complete boundary.
	 *
	 * @param body the marker's body
	 * @param first where the first stream reached it
	 * @param last where the last stream reached it
	 */
	record Boundary(String body, long first, long last) {

	}

}
