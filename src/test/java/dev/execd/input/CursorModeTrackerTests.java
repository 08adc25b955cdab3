package dev.execd.input;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CursorModeTrackerTests {

	@Test
	void followsSetAndResetOfApplicationCursorMode() {
		CursorModeTracker tracker = new CursorModeTracker();
		feed(tracker, "text\u001b[?1hmore");
		assertThat(tracker.application()).isTrue();
		feed(tracker, "\u001b[?1l");
		assertThat(tracker.application()).isFalse();
	}

	@Test
	void seesSequenceSplitAtEveryPoint() {
		String sequence = "ab\u001b[?1hcd";
		for (int split = 0; split <= sequence.length(); split++) {
			CursorModeTracker tracker = new CursorModeTracker();
			feed(tracker, sequence.substring(0, split));
			feed(tracker, sequence.substring(split));
			assertThat(tracker.application()).as("split at %d", split).isTrue();
		}
	}

	@Test
	void ignoresOtherPrivateModes() {
		CursorModeTracker tracker = new CursorModeTracker();
		feed(tracker, "\u001b[?1049h\u001b[?12h\u001b[?1;2h");
		assertThat(tracker.application()).isFalse();
	}

	private static void feed(CursorModeTracker tracker, String text) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		tracker.feed(bytes, bytes.length);
	}

}
