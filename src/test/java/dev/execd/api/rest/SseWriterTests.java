package dev.execd.api.rest;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;

import dev.execd.output.Utf8;
import dev.execd.session.LiveEvent;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Output events are assembled as bytes, not through the mapper: they must still be exact
 * SSE frames with one line of valid JSON, and leave only when asked to or when a write's
 * worth has gathered.
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
		byte[] bytes = { 9, 9, 0, -1, 10, 13, 34, 92, 127, -128, 1, 2, 9 };
		this.sse.output(bytes(0, "pty", bytes, 2, 10, true), true);
		this.sse.output(bytes(10, "stderr", new byte[] { 65 }, 0, 1, true), true);
		String[] frames = this.out.toString(StandardCharsets.US_ASCII).split("\n\n");
		assertThat(frames).hasSize(2);
		assertThat(frames[0]).startsWith("event: output\nid: 10\ndata: ");
		Map<?, ?> first = JSON.readValue(frames[0].substring(frames[0].indexOf("data: ") + 6), Map.class);
		byte[] exact = { 0, -1, 10, 13, 34, 92, 127, -128, 1, 2 };
		assertThat(first)
			.isEqualTo(Map.of("offset", 0, "stream", "pty", "data_b64", Base64.getEncoder().encodeToString(exact)));
		Map<?, ?> second = JSON.readValue(frames[1].substring(frames[1].indexOf("data: ") + 6), Map.class);
		assertThat(second).isEqualTo(Map.of("offset", 10, "stream", "stderr", "data_b64", "QQ=="));
	}

	@Test
	void textFromBytesIsWhatTheMapperWritesOfTheDecodedText() throws Exception {
		List<byte[]> inputs = new ArrayList<>();
		byte[] everyAscii = new byte[128];
		for (int i = 0; i < 128; i++) {
			everyAscii[i] = (byte) i;
		}
		inputs.add(everyAscii);
		inputs.add("é € 😀 \u2028 \u2029 \uFEFF / </script>".getBytes(StandardCharsets.UTF_8));
		// Malformed: a lone continuation, a truncated sequence, an overlong form, a
		// surrogate, past U+10FFFF, and an incomplete character at the end.
		for (String hex : List.of("61 80 62", "e2 82 41", "c0 af", "ed a0 80", "f4 90 80 80", "f5 80", "61 e2 82")) {
			inputs.add(hexBytes(hex));
		}
		Random random = new Random(20);
		for (int i = 0; i < 300; i++) {
			byte[] bytes = new byte[random.nextInt(40)];
			random.nextBytes(bytes);
			inputs.add(bytes);
			inputs.add(new String(bytes, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8));
		}
		for (byte[] bytes : inputs) {
			ByteArrayOutputStream fast = new ByteArrayOutputStream();
			SseWriter writer = new SseWriter(fast, () -> {
			}, JSON);
			writer.output(bytes(2, "stdout", bytes, 0, bytes.length, true), false);
			ByteArrayOutputStream slow = new ByteArrayOutputStream();
			new SseWriter(slow, () -> {
			}, JSON).textOutput(2 + bytes.length, 2, "stdout", Utf8.decode(bytes), true);
			assertThat(fast.toString(StandardCharsets.UTF_8)).isEqualTo(slow.toString(StandardCharsets.UTF_8));
		}
	}

	@Test
	void outputIsFlushedOnlyWhenAsked() throws Exception {
		this.sse.output(bytes(0, "stdout", new byte[] { 1 }, 0, 1, false), true);
		this.sse.textOutput(2, 1, "stdout", "x", false);
		this.sse.output(bytes(2, "stdout", new byte[] { 'y' }, 0, 1, false), false);
		assertThat(this.out.size()).isZero();
		assertThat(this.flushedAt).isEmpty();
		this.sse.flush();
		assertThat(this.flushedAt).containsExactly(this.out.size());
		assertThat(this.out.toString(StandardCharsets.UTF_8)).contains("\"data_b64\":\"AQ==\"", "\"text\":\"x\"",
				"\"text\":\"y\"");
	}

	@Test
	void eventsThatAreNotFlushedLeaveInWritesOfAboutSixtyFourKib() throws Exception {
		// 16 KiB in base64: about 22 KB a frame.
		byte[] chunk = new byte[16 * 1024];
		for (int i = 0; i < 2; i++) {
			this.sse.output(bytes(i * chunk.length, "stdout", chunk, 0, chunk.length, false), true);
		}
		assertThat(this.out.size()).isZero();
		this.sse.output(bytes(2 * chunk.length, "stdout", chunk, 0, chunk.length, false), true);
		assertThat(this.out.size()).isGreaterThanOrEqualTo(SseWriter.WRITE_BYTES);
		assertThat(this.flushedAt).isEmpty();
	}

	private static LiveEvent.Bytes bytes(long offset, String stream, byte[] buffer, int from, int length,
			boolean caughtUp) {
		return new LiveEvent.Bytes(offset, offset + length, stream, buffer, from, caughtUp);
	}

	private static byte[] hexBytes(String hex) {
		String[] parts = hex.split(" ");
		byte[] bytes = new byte[parts.length];
		for (int i = 0; i < parts.length; i++) {
			bytes[i] = (byte) Integer.parseInt(parts[i], 16);
		}
		return bytes;
	}

}
