package dev.execd.api.rest;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Output events are assembled as bytes, not through the mapper: they must still be exact
 * SSE frames with one line of valid JSON, and leave only when asked to.
 */
class SseWriterTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final ByteArrayOutputStream out = new ByteArrayOutputStream();

	private final List<Integer> flushedAt = new ArrayList<>();

	private final SseWriter sse = new SseWriter(this.out, () -> this.flushedAt.add(this.out.size()), JSON);

	@Test
	void textOutputIsOneFrameWithEscapedText() throws Exception {
		String text = "quote \" backslash \\ newline \n tab \t bell \u0007 é 😀 \u2028 end";
		this.sse.textOutput(57, 12, "stdout", text, true);
		String frame = this.out.toString(StandardCharsets.UTF_8);
		assertThat(frame).startsWith("event: output\nid: 57\ndata: {").endsWith("}\n\n");
		String data = frame.substring(frame.indexOf("data: ") + 6, frame.length() - 2);
		assertThat(data).doesNotContain("\n");
		assertThat(JSON.readValue(data, Map.class)).isEqualTo(Map.of("offset", 12, "stream", "stdout", "text", text));
	}

	@Test
	void binaryOutputCarriesExactBytesInBase64() throws Exception {
		byte[] bytes = { 0, -1, 10, 13, 34, 92, 127, -128, 1, 2 };
		this.sse.binaryOutput(10, 0, "pty", bytes, true);
		this.sse.binaryOutput(11, 10, "stderr", new byte[] { 65 }, true);
		String[] frames = this.out.toString(StandardCharsets.US_ASCII).split("\n\n");
		assertThat(frames).hasSize(2);
		assertThat(frames[0]).startsWith("event: output\nid: 10\ndata: ");
		Map<?, ?> first = JSON.readValue(frames[0].substring(frames[0].indexOf("data: ") + 6), Map.class);
		assertThat(first)
			.isEqualTo(Map.of("offset", 0, "stream", "pty", "data_b64", Base64.getEncoder().encodeToString(bytes)));
		Map<?, ?> second = JSON.readValue(frames[1].substring(frames[1].indexOf("data: ") + 6), Map.class);
		assertThat(second).isEqualTo(Map.of("offset", 10, "stream", "stderr", "data_b64", "QQ=="));
	}

	@Test
	void outputIsFlushedOnlyWhenAsked() throws Exception {
		this.sse.binaryOutput(1, 0, "stdout", new byte[] { 1 }, false);
		this.sse.textOutput(2, 1, "stdout", "x", false);
		assertThat(this.flushedAt).isEmpty();
		this.sse.flush();
		assertThat(this.flushedAt).containsExactly(this.out.size());
	}

}
