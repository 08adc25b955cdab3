package dev.execd.session;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MarkerFilterTests {

	private static final String M = "\u001b]6973;n0nce;";

	@Test
	void markersSplitAcrossEveryReadAreRemovedAndPlacedExactly() throws IOException {
		String stream = "boot" + M + "E;0;0\u0007" + "ab\u001b[1mc" + M + "B\u0007" + "out" + M + "E;1;0 1\u0007"
				+ "\u001b]6973;other;E\u0007" + M + "bad!\u0007" + "tail\u001b]";
		for (int size = 1; size <= 7; size++) {
			List<String> markers = new ArrayList<>();
			ByteArrayOutputStream log = new ByteArrayOutputStream();
			InputStream in = new MarkedStream(chunked(stream.getBytes(StandardCharsets.UTF_8), size), "n0nce",
					log::size, (body, at) -> markers.add(body + "@" + at));
			byte[] buffer = new byte[3];
			int n;
			while ((n = in.read(buffer, 0, buffer.length)) >= 0) {
				log.write(buffer, 0, n);
			}
			String text = log.toString(StandardCharsets.UTF_8);
			assertThat(text).isEqualTo("ab\u001b[1mcout\u001b]6973;other;E\u0007" + M + "bad!\u0007tail\u001b]");
			assertThat(markers).containsExactly("E;0;0@0", "B@7", "E;1;0 1@10");
		}
	}

	/** A stream that returns at most {@code size} bytes per read. */
	private static InputStream chunked(byte[] bytes, int size) {
		return new ByteArrayInputStream(bytes) {

			@Override
			public synchronized int read(byte[] b, int off, int len) {
				return super.read(b, off, Math.min(len, size));
			}

		};
	}

}
