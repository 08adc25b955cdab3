package dev.execd;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Slowloris: hundreds of connections that trickle a request head, blank lines or a body
 * are closed once reading them takes longer than the read deadline, while health keeps
 * answering and long polls and SSE streams, which read nothing more, stay open.
 */
@OwnServer
class SlowClientTests {

	private static final Duration TRICKLE = Duration.ofSeconds(2);

	// The deadline (10 s) plus a sweep, with room for a loaded machine.
	private static final Duration CLOSED_WITHIN = Duration.ofSeconds(25);

	@Test
	void closesTricklingConnectionsWhileHealthLongPollsAndStreamsGoOn(@TempDir Path dir) throws Exception {
		try (ChildServer server = ChildServer.start(dir)) {
			String host = "Host: 127.0.0.1:" + server.port + "\r\n";
			String id = server.api.start(Map.of("cmd", "sleep 100", "yield_time_ms", 100))
				.get("session")
				.get("session_id")
				.asString();
			Socket stream = server.openRequest("GET /sessions/" + id + "/stream HTTP/1.1\r\n" + host + "\r\n");
			CompletableFuture<Integer> longPoll = CompletableFuture.supplyAsync(
					() -> server.api.post("/sessions/" + id + "/stdin", Map.of("yield_time_ms", 16000)).status());
			List<Trickler> tricklers = new ArrayList<>();
			for (int i = 0; i < 300; i++) {
				Trickler trickler = switch (i % 10) {
					case 0 -> new Trickler(server.openRequest("\r\n"), "\r\n");
					case 1 -> new Trickler(server.openRequest("POST /sessions HTTP/1.1\r\n" + host
							+ "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"), " ");
					default -> new Trickler(server.openRequest("GET /actuator/health HTTP/1.1\r\n" + host),
							"X-Slow: " + i + "\r\n");
				};
				tricklers.add(trickler);
			}
			List<Duration> health = new CopyOnWriteArrayList<>();
			AtomicBoolean trickling = new AtomicBoolean(true);
			Thread prober = Thread.ofVirtual().start(() -> probeHealth(server.port, trickling, health));
			long deadline = System.nanoTime() + Duration.ofSeconds(45).toNanos();
			while (tricklers.stream().anyMatch(Trickler::open) && System.nanoTime() - deadline < 0) {
				for (Trickler trickler : tricklers) {
					trickler.step();
				}
				Thread.sleep(200);
			}
			trickling.set(false);
			prober.join();
			assertThat(tricklers)
				.allSatisfy((trickler) -> assertThat(trickler.lifetime()).isNotNull().isLessThan(CLOSED_WITHIN));
			assertThat(health).hasSizeGreaterThan(20)
				.allSatisfy((took) -> assertThat(took).isLessThan(Duration.ofSeconds(1)));
			assertThat(longPoll.get(30, TimeUnit.SECONDS)).isEqualTo(200);
			assertThat(isOpen(stream, 100)).as("the SSE stream outlives the deadline").isTrue();
			stream.close();
		}
	}

	private static void probeHealth(int port, AtomicBoolean trickling, List<Duration> health) {
		while (trickling.get()) {
			long start = System.nanoTime();
			String response = RawHttp.send(port, "GET", "/actuator/health", "Host: 127.0.0.1:" + port);
			health.add(Duration.ofNanos(System.nanoTime() - start));
			assertThat(RawHttp.status(response)).isEqualTo(200);
			try {
				Thread.sleep(250);
			}
			catch (InterruptedException ex) {
				return;
			}
		}
	}

	/** Whether the server has not closed the connection (what it sent is skipped). */
	private static boolean isOpen(Socket socket, int waitMillis) throws IOException {
		socket.setSoTimeout(waitMillis);
		InputStream in = socket.getInputStream();
		byte[] buffer = new byte[8192];
		try {
			while (true) {
				if (in.read(buffer) < 0) {
					return false;
				}
			}
		}
		catch (SocketTimeoutException ex) {
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	/**
	 * One slow client: sends its piece every {@link #TRICKLE} until the server closes.
	 */
	private static final class Trickler {

		private final Socket socket;

		private final String piece;

		private final long opened = System.nanoTime();

		private long sent = this.opened;

		private Duration lifetime;

		Trickler(Socket socket, String piece) {
			this.socket = socket;
			this.piece = piece;
		}

		boolean open() {
			return this.lifetime == null;
		}

		Duration lifetime() {
			return this.lifetime;
		}

		void step() throws IOException {
			if (!open()) {
				return;
			}
			boolean closed = !isOpen(this.socket, 1);
			if (!closed && System.nanoTime() - this.sent > TRICKLE.toNanos()) {
				try {
					ChildServer.send(this.socket, this.piece);
					this.sent = System.nanoTime();
				}
				catch (IOException ex) {
					closed = true;
				}
			}
			if (closed) {
				this.lifetime = Duration.ofNanos(System.nanoTime() - this.opened);
				this.socket.close();
			}
		}

	}

}
