package dev.execd;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An agent that pauses between calls keeps its connection for the keep-alive timeout (20
 * s), although the read deadline (10 s) closes connections that take that long to send a
 * request: waiting for the next request is not reading one.
 */
class KeepAliveTests extends EndToEndTest {

	@Test
	void aConnectionIdlePastTheReadDeadlineStillTakesItsNextRequest() throws Exception {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(30_000);
			assertThat(exchange(socket)).startsWith("HTTP/1.1 200");
			// Past the read deadline and its one-second sweep, short of the keep-alive
			// timeout.
			Thread.sleep(13_000);
			assertThat(exchange(socket)).as("the same connection after 13 s idle").startsWith("HTTP/1.1 200");
		}
	}

	/** One request for a short fixed-length answer; returns the answer's head. */
	private static String exchange(Socket socket) throws IOException {
		socket.getOutputStream()
			.write("GET /actuator/health/liveness HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
				.getBytes(StandardCharsets.US_ASCII));
		InputStream in = socket.getInputStream();
		ByteArrayOutputStream head = new ByteArrayOutputStream();
		while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
			int b = in.read();
			if (b < 0) {
				return "closed: " + head.toString(StandardCharsets.ISO_8859_1);
			}
			head.write(b);
		}
		String text = head.toString(StandardCharsets.ISO_8859_1);
		String lower = text.toLowerCase(java.util.Locale.ROOT);
		int at = lower.indexOf("content-length:");
		if (at >= 0) {
			int end = lower.indexOf("\r\n", at);
			in.readNBytes(Integer.parseInt(text.substring(at + 15, end).trim()));
		}
		else {
			// Chunked: read up to the last chunk.
			ByteArrayOutputStream body = new ByteArrayOutputStream();
			while (!body.toString(StandardCharsets.ISO_8859_1).endsWith("0\r\n\r\n")) {
				body.write(in.read());
			}
		}
		return text;
	}

}
