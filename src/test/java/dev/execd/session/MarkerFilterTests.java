package dev.execd.session;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.execd.process.OutputReceiver;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MarkerFilterTests {

	private static final String M = "\u001b]6973;n0nce;";

	@Test
	void markersSplitAcrossEveryReadAreRemovedAndPlacedExactly() {
		String stream = "boot" + M + "E;0;0\u0007" + "ab\u001b[1mc" + M + "B\u0007" + "out" + M + "E;1;0 1\u0007"
				+ "\u001b]6973;other;E\u0007" + M + "bad!\u0007" + "tail\u001b]";
		for (int size = 1; size <= 7; size++) {
			List<String> markers = new ArrayList<>();
			ByteArrayOutputStream log = new ByteArrayOutputStream();
			OutputReceiver marked = new MarkedOutput(new OutputReceiver() {

				@Override
				public void received(byte[] b, int length) {
					log.write(b, 0, length);
				}

				@Override
				public void ended() {
				}

			}, "n0nce", log::size, (body, at) -> markers.add(body + "@" + at), null);
			byte[] bytes = stream.getBytes(StandardCharsets.UTF_8);
			for (int from = 0; from < bytes.length; from += size) {
				byte[] chunk = Arrays.copyOfRange(bytes, from, Math.min(bytes.length, from + size));
				marked.received(chunk, chunk.length);
			}
			marked.ended();
			String text = log.toString(StandardCharsets.UTF_8);
			assertThat(text).isEqualTo("ab\u001b[1mcout\u001b]6973;other;E\u0007" + M + "bad!\u0007tail\u001b]");
			assertThat(markers).containsExactly("E;0;0@0", "B@7", "E;1;0 1@10");
		}
	}

}
