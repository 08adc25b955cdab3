package dev.execd.api.rest;

import java.io.IOException;

import dev.execd.api.ScreenFrames;
import dev.execd.api.SessionView;
import dev.execd.session.LiveScreen;
import dev.execd.session.ScreenSnapshot;
import org.jspecify.annotations.Nullable;

/**
 * Writes a session's screen as Server-Sent Events: a whole {@code frame} first, then a
 * {@code frame_diff} per change, numbered on from where the client left off, and
 * {@code exit} as for raw output.
 */
final class ScreenStream {

	private final LiveScreen live;

	private final SseWriter sse;

	/** The number of the next frame. */
	private long seq;

	/** The screen the client holds: what the diffs are taken against. */
	private @Nullable ScreenSnapshot sent;

	/**
	 * @param firstSeq the number of the first frame: one past the client's
	 * {@code Last-Event-ID}, so ids go on across reconnects
	 */
	private ScreenStream(LiveScreen live, SseWriter sse, long firstSeq) {
		this.live = live;
		this.sse = sse;
		this.seq = firstSeq;
	}

	/** Writes the events of one screen stream until its end. */
	static void pump(LiveScreen live, SseWriter sse, long firstSeq) throws IOException, InterruptedException {
		ScreenStream stream = new ScreenStream(live, sse, firstSeq);
		SsePump.pump(sse, live::next, live::await, stream::send);
	}

	private boolean send(LiveScreen.Event event) throws IOException {
		switch (event) {
			case LiveScreen.Frame frame -> {
				ScreenFrames.Event data = ScreenFrames.next(this.sent, frame.screen(), this.seq++);
				this.sse.event(data.event(), Long.toString(data.seq()), data);
				this.sent = frame.screen();
				return false;
			}
			case LiveScreen.End end -> {
				this.sse.event("exit", null, new SseEvents.SessionEvent(SessionView.of(end.session())));
				return true;
			}
		}
	}

}
