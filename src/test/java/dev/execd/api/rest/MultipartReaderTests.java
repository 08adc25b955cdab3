package dev.execd.api.rest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import dev.execd.api.ApiException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The multipart reader against bodies built here: random contents full of near-miss
 * delimiters, read through a stream that returns random small pieces.
 */
class MultipartReaderTests {

	private static final String BOUNDARY = "----execd7MA4YWxkTrZu0gW";

	@Test
	void readsEveryPartExactlyWhateverTheReadsAndTheContents() throws IOException {
		Random random = new Random(7);
		for (int round = 0; round < 300; round++) {
			List<byte[]> contents = new ArrayList<>();
			ByteArrayOutputStream body = new ByteArrayOutputStream();
			body.writeBytes("preamble to skip\r\n".getBytes(StandardCharsets.US_ASCII));
			int parts = 1 + random.nextInt(4);
			for (int p = 0; p < parts; p++) {
				byte[] content = content(random);
				contents.add(content);
				body.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f" + p
						+ "\"\r\nContent-Type: application/octet-stream\r\n\r\n")
					.getBytes(StandardCharsets.US_ASCII));
				body.writeBytes(content);
				body.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
			}
			body.writeBytes(("--" + BOUNDARY + "--\r\nepilogue").getBytes(StandardCharsets.US_ASCII));
			MultipartReader reader = new MultipartReader(new Pieces(body.toByteArray(), random), BOUNDARY);
			List<byte[]> read = new ArrayList<>();
			for (Map<String, String> headers = reader.next(); headers != null; headers = reader.next()) {
				assertThat(headers.get("content-disposition")).endsWith("filename=\"f" + read.size() + "\"");
				read.add(reader.content().readAllBytes());
			}
			assertThat(read).as("round %d", round).containsExactlyElementsOf(contents);
		}
	}

	/** Random bytes with pieces of the delimiter in them, sometimes none at all. */
	private static byte[] content(Random random) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		String delimiter = "\r\n--" + BOUNDARY;
		int pieces = random.nextInt(20);
		for (int i = 0; i < pieces; i++) {
			byte[] noise = new byte[1 + random.nextInt(random.nextBoolean() ? 40 : 100_000)];
			random.nextBytes(noise);
			// No CR in the noise and a NUL first: with the pieces around it, it could
			// complete a real delimiter.
			for (int j = 0; j < noise.length; j++) {
				noise[j] = (noise[j] == '\r') ? (byte) 'r' : noise[j];
			}
			noise[0] = 0;
			out.writeBytes(noise);
			// A prefix of the delimiter, never all of it, or it without its CRLF.
			String near = random.nextBoolean() ? delimiter.substring(0, random.nextInt(delimiter.length()))
					: "--" + BOUNDARY;
			out.writeBytes(near.getBytes(StandardCharsets.US_ASCII));
		}
		return out.toByteArray();
	}

	@Test
	void refusesMalformedBodies() {
		for (String body : List.of("", "no delimiter at all", "--" + BOUNDARY + "\r\nContent-Disposition x\r\n\r\n",
				"--" + BOUNDARY + "\r\nContent-Disposition: form-data\r\n\r\nunterminated content",
				"--" + BOUNDARY + "junk\r\n\r\n")) {
			assertThatThrownBy(() -> {
				MultipartReader reader = new MultipartReader(
						new java.io.ByteArrayInputStream(body.getBytes(StandardCharsets.US_ASCII)), BOUNDARY);
				while (reader.next() != null) {
					reader.content().readAllBytes();
				}
			}).as(body).isInstanceOf(ApiException.class).hasMessageContaining("multipart");
		}
	}

	@Test
	void findsTheBoundaryParameterAndTheFilename() {
		assertThat(MultipartReader.boundary("multipart/form-data; boundary=abc")).isEqualTo("abc");
		assertThat(MultipartReader.boundary("multipart/form-data;charset=x; BOUNDARY=\"a b:c\"")).isEqualTo("a b:c");
		assertThatThrownBy(() -> MultipartReader.boundary("multipart/form-data")).isInstanceOf(ApiException.class);
		assertThatThrownBy(() -> MultipartReader.boundary("multipart/form-data; boundary=" + "x".repeat(71)))
			.isInstanceOf(ApiException.class);
		// The header as the reader gives it: each byte one ISO-8859-1 character.
		String utf8 = new String("r\u00e9sum\u00e9.txt".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
		assertThat(FileUploadController.filename("form-data; name=\"file\"; filename=\"" + utf8 + "\""))
			.isEqualTo("r\u00e9sum\u00e9.txt");
		// Not UTF-8: refused, never named with U+FFFD.
		assertThatThrownBy(() -> FileUploadController.filename("form-data; filename=\"r\u00e9sum\u00e9.txt\""))
			.isInstanceOf(ApiException.class)
			.hasMessageContaining("not UTF-8");
		// filename* (RFC 8187) wins over filename (RFC 6266).
		assertThat(FileUploadController
			.filename("form-data; name=\"f\"; filename=\"fallback.txt\"; filename*=UTF-8''r%C3%A9sum%C3%A9%20x.txt"))
			.isEqualTo("r\u00e9sum\u00e9 x.txt");
		assertThat(FileUploadController.filename("form-data; filename*=iso-8859-1'en'caf%E9")).isEqualTo("caf\u00e9");
		for (String bad : List.of("UTF-8''%FF", "UTF-8''%2Fetc", "UTF-8''a%2", "UTF-8''%ZZ")) {
			assertThatThrownBy(() -> FileUploadController.filename("form-data; filename*=" + bad)).as(bad)
				.isInstanceOf(ApiException.class);
		}
		assertThat(FileUploadController.filename("form-data; name=\"f\"; filename=plain.bin")).isEqualTo("plain.bin");
		assertThat(FileUploadController.filename("form-data; name=\"field\"")).isNull();
		for (String bad : List.of("../x", "a/b", "..", ".", "", "c:\\\\x\\\\y")) {
			assertThatThrownBy(() -> FileUploadController.filename("form-data; filename=\"" + bad + "\"")).as(bad)
				.isInstanceOf(ApiException.class);
		}
	}

	/** Returns the bytes in random pieces of 1 to 5000. */
	private static final class Pieces extends InputStream {

		private final byte[] bytes;

		private final Random random;

		private int at;

		Pieces(byte[] bytes, Random random) {
			this.bytes = bytes;
			this.random = random;
		}

		@Override
		public int read() {
			return (this.at < this.bytes.length) ? this.bytes[this.at++] & 0xff : -1;
		}

		@Override
		public int read(byte[] b, int off, int len) {
			if (this.at == this.bytes.length) {
				return -1;
			}
			int n = Math.min(Math.min(len, 1 + this.random.nextInt(5000)), this.bytes.length - this.at);
			System.arraycopy(this.bytes, this.at, b, off, n);
			this.at += n;
			return n;
		}

	}

}
