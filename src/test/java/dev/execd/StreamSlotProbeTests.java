package dev.execd;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import reactor.core.Disposable;

import org.springframework.http.codec.ServerSentEvent;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Streams whose clients went away without a word: a session whose subscriber slots they
 * fill admits a new stream at once, as soon as a probe finds them gone, instead of
 * refusing it until their next ping fails. Live streams keep their slots. The cap is 2
 * here, as in {@link StreamHeadTests}; but for clients that stop reading, the sessions
 * print nothing after their start, so nothing but the probe writes to the dead streams.
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
	 * Clients that stopped reading, on a session that prints a lot: their send buffers
	 * fill, their streams wait to write until the write times out (5 s), and a ping to
	 * them could wait as long. A new stream is answered within the probe's budget all the
	 * same, refused or admitted once those streams gave up.
	 */
	@Test
	void clientsThatStopReadingDoNotHoldUpANewStream() throws Exception {
		String id = id(start(Map.of("cmd", "while :; do head -c 500000 /dev/zero | tr '\\0' x; echo; sleep 0.2; done",
				"tty", false, "yield_time_ms", 100)));
		String path = "/sessions/" + id + "/stream?encoding=base64";
		List<Socket> stalled = List.of(stalled(path), stalled(path));
		try {
			for (Socket socket : stalled) {
				assertThat(status(socket)).isEqualTo(200);
			}
			long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(8);
			while (System.nanoTime() - until < 0) {
				long started = System.nanoTime();
				try (Socket next = open(path)) {
					assertThat(status(next)).isIn(200, 429);
				}
				assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
				Thread.sleep(250);
			}
		}
		finally {
			for (Socket socket : stalled) {
				socket.setSoLinger(true, 0);
				socket.close();
			}
		}
	}

	/**
	 * A client that hammers a full session, from several connections at once: the session
	 * probes at most once every 0.2 s (two pings each time), however many requests it
	 * refuses.
	 */
	@Test
	void refusedRequestsProbeAtMostOnceEveryFewTenthsOfASecond() throws Exception {
		String id = id(start(Map.of("cmd", "echo hi; sleep 100", "tty", true, "wait_for", "hi")));
		String path = "/sessions/" + id + "/stream";
		try (Socket first = open(path); Socket second = open(path)) {
			assertThat(status(first)).isEqualTo(200);
			assertThat(status(second)).isEqualTo(200);
			AtomicInteger refused = new AtomicInteger();
			List<Integer> others = new CopyOnWriteArrayList<>();
			long started = System.nanoTime();
			long until = started + TimeUnit.SECONDS.toNanos(2);
			List<Thread> hammers = new ArrayList<>();
			for (int i = 0; i < 6; i++) {
				hammers.add(Thread.ofVirtual().start(() -> {
					while (System.nanoTime() - until < 0) {
						try (Socket next = open(path)) {
							int status = status(next);
							if (status == 429) {
								refused.incrementAndGet();
							}
							else {
								others.add(status);
							}
						}
						catch (IOException ex) {
							throw new UncheckedIOException(ex);
						}
					}
				}));
			}
			for (Thread hammer : hammers) {
				hammer.join();
			}
			double seconds = (System.nanoTime() - started) / 1e9;
			long allowed = 2 * (long) Math.ceil(seconds / 0.2 + 1);
			assertThat(others).isEmpty();
			assertThat(refused).hasValueGreaterThan(20);
			for (Socket live : List.of(first, second)) {
				assertThat(pings(live)).as("pings in %.1f s", seconds).isLessThanOrEqualTo(allowed);
			}
		}
	}

	/** The pings a stream sent so far. */
	private static long pings(Socket socket) throws IOException {
		socket.setSoTimeout(500);
		ByteArrayOutputStream read = new ByteArrayOutputStream();
		byte[] buffer = new byte[8192];
		try {
			int n;
			while ((n = socket.getInputStream().read(buffer)) >= 0) {
				read.write(buffer, 0, n);
			}
		}
		catch (SocketTimeoutException ex) {
			// All that was sent is read.
		}
		return read.toString(StandardCharsets.US_ASCII).split(": ping\n", -1).length - 1;
	}

	/** A stream's request from a client that reads next to nothing, and then stops. */
	private Socket stalled(String path) throws IOException {
		Socket socket = new Socket();
		// Set before connecting: the window it offers stays small.
		socket.setReceiveBufferSize(4096);
		socket.connect(new InetSocketAddress("127.0.0.1", this.port));
		socket.setSoTimeout(10_000);
		return request(socket, path);
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
		return request(socket, path);
	}

	/** Sends a stream's request on the socket, in the test's conversation. */
	private Socket request(Socket socket, String path) throws IOException {
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
