package dev.execd;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import reactor.core.Disposable;

import org.springframework.http.codec.ServerSentEvent;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Streams whose clients went away without a word: a session whose subscriber slots they
 * fill admits a new stream at once, as soon as a probe finds them gone, instead of
 * refusing it until their next ping fails. Live streams keep their slots. The cap is 2
 * here, as in {@link StreamHeadTests}; the session prints nothing after its start, so
 * nothing but the probe writes to the dead streams.
 */
@TestPropertySource(properties = "execd.limits.max-subscribers-per-session=2")
class StreamSlotProbeTests extends EndToEndTest {

	@Test
	void streamsOfClientsThatWentAwayGiveTheirSlotsToANewStream() throws Exception {
		String id = id(start(Map.of("cmd", "echo hi; sleep 100", "tty", true, "wait_for", "hi")));
		for (String path : List.of("/sessions/" + id + "/stream", "/sessions/" + id + "/stream?framing=lines",
				"/sessions/" + id + "/screen/stream")) {
			// One peer closes the connection in order, after reading all it was sent, so
			// the first ping to it still succeeds; the other resets it.
			Socket closed = open(path);
			Socket reset = open(path);
			assertThat(status(closed)).as(path).isEqualTo(200);
			assertThat(status(reset)).as(path).isEqualTo(200);
			try (Socket refused = open(path)) {
				assertThat(status(refused)).as(path).isEqualTo(429);
			}
			drain(closed);
			closed.close();
			long started = System.nanoTime();
			Socket admitted = admitted(path);
			reset.setSoLinger(true, 0);
			reset.close();
			Socket alsoAdmitted = admitted(path);
			// Well before the dead streams' own pings (15 s) would have freed the slots.
			assertThat(Duration.ofNanos(System.nanoTime() - started)).as(path).isLessThan(Duration.ofSeconds(10));
			admitted.close();
			alsoAdmitted.close();
		}
	}

	@Test
	void streamsOfClientsStillThereKeepTheirSlots() throws Exception {
		String id = id(start(Map.of("cmd", "echo hi; exec cat", "tty", true, "wait_for", "hi")));
		String path = "/sessions/" + id + "/stream";
		BlockingQueue<ServerSentEvent<String>> events = new LinkedBlockingQueue<>();
		Disposable live = new SseClient(this.port).events(path, "X-Conversation-Id", this.api.conversation())
			.subscribe(events::add);
		try (Socket silent = open(path)) {
			assertThat(events.poll(20, TimeUnit.SECONDS)).isNotNull();
			assertThat(status(silent)).isEqualTo(200);
			// Probed and found there, twice: both slots stay held.
			for (int i = 0; i < 2; i++) {
				try (Socket refused = open(path)) {
					assertThat(status(refused)).isEqualTo(429);
				}
			}
			this.api.post("/sessions/" + id + "/stdin", Map.of("chars", "still here\n", "yield_time_ms", 0));
			StringBuilder seen = new StringBuilder();
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
			while (!seen.toString().contains("still here") && System.nanoTime() < deadline) {
				ServerSentEvent<String> event = events.poll(1, TimeUnit.SECONDS);
				if (event != null && "output".equals(event.event())) {
					seen.append(event.data());
				}
			}
			assertThat(seen.toString()).contains("still here");
		}
		finally {
			live.dispose();
		}
	}

	/**
	 * A stream admitted, asked again after each 429 as an EventSource reconnects (here
	 * every 0.25 s, for at most 5 s): a closed connection may answer the first ping to
	 * it, and only the next one finds it gone.
	 */
	private Socket admitted(String path) throws IOException, InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (true) {
			Socket socket = open(path);
			int status = status(socket);
			if (status == 200) {
				return socket;
			}
			socket.close();
			assertThat(status).as(path).isEqualTo(429);
			assertThat(System.nanoTime() - deadline).as(path + " still refused after 5 s").isNegative();
			Thread.sleep(250);
		}
	}

	/** A stream's request on a raw socket, with the status line read. */
	private Socket open(String path) throws IOException {
		Socket socket = new Socket("127.0.0.1", this.port);
		socket.setSoTimeout(10_000);
		socket.getOutputStream()
			.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Conversation-Id: " + this.api.conversation()
					+ "\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
		return socket;
	}

	private static int status(Socket socket) throws IOException {
		String line = new String(socket.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
		assertThat(line).startsWith("HTTP/1.1 ");
		return Integer.parseInt(line.substring(9, 12));
	}

	/** Reads what the stream sent until it pauses, so a close sends no reset. */
	private static void drain(Socket socket) throws IOException {
		socket.setSoTimeout(500);
		InputStream in = socket.getInputStream();
		try {
			while (in.read(new byte[8192]) >= 0) {
				// Read and forget.
			}
		}
		catch (SocketTimeoutException ex) {
			// All that was sent is read.
		}
	}

}
