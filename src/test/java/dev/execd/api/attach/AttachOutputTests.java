package dev.execd.api.attach;

import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

import dev.execd.session.LiveOutput;
import dev.execd.session.Scope;
import dev.execd.session.Session;
import dev.execd.session.SessionRegistry;
import dev.execd.session.SessionSpec;
import dev.execd.session.Subscriber;
import dev.execd.session.TestRegistries;
import jakarta.websocket.RemoteEndpoint;
import jakarta.websocket.SendHandler;
import jakarta.websocket.SendResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link AttachOutput} over a real session and a recorded socket: output that arrives
 * while the pump waits leaves from the output reader's thread as a non-blocking send;
 * while such a send is in flight nothing else is sent, and what came meanwhile follows in
 * order from the pump; a failed send closes with the offset to resume from.
 */
class AttachOutputTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	Path dir;

	private SessionRegistry registry;

	private final BlockingQueue<Frame> frames = new LinkedBlockingQueue<>();

	private final CopyOnWriteArrayList<CloseStatus> closes = new CopyOnWriteArrayList<>();

	@BeforeEach
	void createRegistry() {
		this.registry = TestRegistries.create(this.dir);
	}

	@AfterEach
	void closeRegistry() {
		this.registry.close();
	}

	@Test
	void outputArrivingWhileThePumpWaitsLeavesFromTheReadersThread() throws Exception {
		Session session = cat();
		AttachOutput output = attach(session, (frame, handler) -> handler.onResult(ok()));
		try {
			for (int i = 0; i < 20; i++) {
				// Caught up before each line: the pump waits, the reader sends.
				awaitWaiting(output);
				session.write(("line " + i + "\n").getBytes(StandardCharsets.UTF_8), false, false, null);
				Frame frame = next();
				assertThat(frame.direct()).as("frame %d sent without a blocking send", i).isTrue();
				assertThat(frame.thread()).startsWith("execd-poller-");
				assertThat(frame.json().get("text").asString()).isEqualTo("line " + i + "\n");
			}
		}
		finally {
			output.stop();
		}
	}

	@Test
	void whileADirectSendIsInFlightTheRestWaitsThenFollowsInOrder() throws Exception {
		Session session = cat();
		BlockingQueue<SendHandler> inFlight = new LinkedBlockingQueue<>();
		AttachOutput output = attach(session, (frame, handler) -> inFlight.add(handler));
		try {
			awaitWaiting(output);
			session.write("first\n".getBytes(StandardCharsets.UTF_8), false, false, null);
			Frame first = next();
			assertThat(first.direct()).isTrue();
			SendHandler pending = inFlight.poll(10, TimeUnit.SECONDS);
			for (int i = 0; i < 50; i++) {
				session.write(("more " + i + "\n").getBytes(StandardCharsets.UTF_8), false, false, null);
			}
			// Refusals wait for the frame in flight as well.
			Thread refusal = Thread.ofVirtual().start(() -> {
				try {
					output.send(new TextMessage("{\"type\":\"error\"}"));
				}
				catch (Exception ex) {
					throw new IllegalStateException(ex);
				}
			});
			assertThat(this.frames.poll(300, TimeUnit.MILLISECONDS)).isNull();
			pending.onResult(ok());
			refusal.join(Duration.ofSeconds(10));
			StringBuilder rest = new StringBuilder();
			long expected = first.json().get("next").asLong();
			while (!rest.toString().endsWith("more 49\n")) {
				Frame frame = next();
				if (frame.json().get("type").asString().equals("error")) {
					continue;
				}
				if (frame.direct()) {
					inFlight.take().onResult(ok());
				}
				assertThat(frame.json().get("offset").asLong()).isEqualTo(expected);
				expected = frame.json().get("next").asLong();
				rest.append(frame.json().get("text").asString());
			}
			StringBuilder lines = new StringBuilder();
			for (int i = 0; i < 50; i++) {
				lines.append("more ").append(i).append('\n');
			}
			assertThat(rest).hasToString(lines.toString());
		}
		finally {
			output.stop();
		}
	}

	@Test
	void moreThanOneFrameInOneReadIsAllSentWithoutWaitingForMoreOutput() throws Exception {
		// One write of 40,000 bytes is one read: a direct send takes its first 16 KiB and
		// the pump the rest, though no more output comes to wake anyone.
		Session session = this.registry
			.start(new Scope("anonymous", "c1"),
					new SessionSpec("read x; dd if=/dev/zero bs=40000 count=1 2>/dev/null; read y", null, null, null,
							false, Map.of(), false, 120, 30, Duration.ofMinutes(30), Duration.ZERO, null, null, null))
			.session();
		AttachOutput output = attach(session, (frame, handler) -> handler.onResult(ok()));
		try {
			awaitWaiting(output);
			session.write("go\n".getBytes(StandardCharsets.UTF_8), false, false, null);
			long received = 0;
			while (received < 40_000) {
				Frame frame = this.frames.poll(3, TimeUnit.SECONDS);
				assertThat(frame).as("the rest within 3 s, after %d bytes", received).isNotNull();
				received = frame.json().get("next").asLong();
			}
			assertThat(received).isEqualTo(40_000);
		}
		finally {
			output.stop();
		}
	}

	@Test
	void aFailedDirectSendClosesWithTheOffsetToResumeFrom() throws Exception {
		Session session = cat();
		AttachOutput output = attach(session, (frame, handler) -> handler
			.onResult(frame.contains("two") ? new SendResult(null, new java.io.IOException("broken pipe")) : ok()));
		try {
			awaitWaiting(output);
			session.write("one\n".getBytes(StandardCharsets.UTF_8), false, false, null);
			long resume = next().json().get("next").asLong();
			awaitWaiting(output);
			session.write("two\n".getBytes(StandardCharsets.UTF_8), false, false, null);
			next();
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
			while (this.closes.isEmpty() && System.nanoTime() < deadline) {
				Thread.sleep(10);
			}
			assertThat(this.closes).containsExactly(CloseStatus.POLICY_VIOLATION
				.withReason("output could not be sent; reconnect with offset=" + resume));
		}
		finally {
			output.stop();
		}
	}

	@Test
	void theExitIsSentByThePumpAndEndsTheConnection() throws Exception {
		Session session = cat();
		AttachOutput output = attach(session, (frame, handler) -> handler.onResult(ok()));
		try {
			awaitWaiting(output);
			session.write("bye\n".getBytes(StandardCharsets.UTF_8), false, true, null);
			assertThat(next().json().get("text").asString()).isEqualTo("bye\n");
			Frame exit = next();
			assertThat(exit.json().get("type").asString()).isEqualTo("exit");
			assertThat(exit.direct()).isFalse();
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
			while (this.closes.isEmpty() && System.nanoTime() < deadline) {
				Thread.sleep(10);
			}
			assertThat(this.closes).containsExactly(CloseStatus.NORMAL.withReason("session ended"));
		}
		finally {
			output.stop();
		}
	}

	private Session cat() {
		return this.registry
			.start(new Scope("anonymous", "c1"),
					new SessionSpec(null, java.util.List.of("cat"), null, null, false, Map.of(), false, 120, 30,
							Duration.ofMinutes(30), Duration.ZERO, null, null, null))
			.session();
	}

	private AttachOutput attach(Session session, BiConsumer<String, SendHandler> direct) {
		LiveOutput live = LiveOutput.attach(session, null, false, false, 8, Subscriber.SELF_CLOSING);
		AttachOutput output = new AttachOutput(session.id(), live, JSON, socket(), async((frame, handler) -> {
			this.frames.add(new Frame(true, Thread.currentThread().getName(), frame));
			direct.accept(frame, handler);
		}));
		output.start();
		return output;
	}

	private static void awaitWaiting(AttachOutput output) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (!output.waiting() && System.nanoTime() < deadline) {
			Thread.sleep(5);
		}
		assertThat(output.waiting()).as("the pump waits, caught up").isTrue();
	}

	private Frame next() throws InterruptedException {
		Frame frame = this.frames.poll(10, TimeUnit.SECONDS);
		assertThat(frame).as("a frame within 10 s").isNotNull();
		return frame;
	}

	private WebSocketSession socket() {
		return (WebSocketSession) Proxy.newProxyInstance(getClass().getClassLoader(),
				new Class<?>[] { WebSocketSession.class }, (proxy, method, args) -> switch (method.getName()) {
					case "isOpen" -> this.closes.isEmpty();
					case "sendMessage" -> {
						if (args[0] instanceof TextMessage text) {
							this.frames.add(new Frame(false, Thread.currentThread().getName(), text.getPayload()));
						}
						yield null;
					}
					case "close" -> {
						this.closes.add((args == null) ? CloseStatus.NORMAL : (CloseStatus) args[0]);
						yield null;
					}
					case "getId" -> "test";
					case "toString" -> "socket";
					case "hashCode" -> System.identityHashCode(proxy);
					case "equals" -> proxy == args[0];
					default -> throw new UnsupportedOperationException(method.getName());
				});
	}

	private static RemoteEndpoint.Async async(BiConsumer<String, SendHandler> sendText) {
		return (RemoteEndpoint.Async) Proxy.newProxyInstance(AttachOutputTests.class.getClassLoader(),
				new Class<?>[] { RemoteEndpoint.Async.class }, (proxy, method, args) -> {
					if (method.getName().equals("sendText") && args.length == 2 && args[1] instanceof SendHandler h) {
						sendText.accept((String) args[0], h);
						return null;
					}
					throw new UnsupportedOperationException(method.getName());
				});
	}

	private static SendResult ok() {
		return new SendResult((jakarta.websocket.Session) null);
	}

	/** A frame sent, and how: directly (non-blocking) or by the pump. */
	private record Frame(boolean direct, String thread, String payload) {

		JsonNode json() {
			return JSON.readTree(this.payload);
		}

	}

}
