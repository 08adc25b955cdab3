package dev.execd;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * A server in a JVM of its own, for tests that stop it with SIGTERM or load it with
 * connections this JVM's own server must not share.
 */
final class ChildServer implements AutoCloseable {

	final int port;

	final TestClient api;

	private final Process process;

	private final Path log;

	private ChildServer(int port, Process process, Path log) {
		this.port = port;
		this.process = process;
		this.log = log;
		this.api = new TestClient(port);
	}

	long pid() {
		return this.process.pid();
	}

	static ChildServer start(Path dir, String... args) throws IOException {
		return start(dir, List.of(), Map.of(), args);
	}

	/**
	 * Starts a server and waits until it answers.
	 * @param prefix a command the JVM runs under, such as a shell that sets a limit and
	 * execs {@code "$@"}; empty for none
	 * @param environment variables to set, after every inherited {@code EXECD_*} one was
	 * removed
	 */
	static ChildServer start(Path dir, List<String> prefix, Map<String, String> environment, String... args)
			throws IOException {
		return start(dir, System.getProperty("java.class.path"), prefix, environment, args);
	}

	/** Starts a server on {@code classPath} and waits until it answers. */
	static ChildServer start(Path dir, String classPath, List<String> prefix, Map<String, String> environment,
			String... args) throws IOException {
		int port = freePort();
		String java = ProcessHandle.current().info().command().orElseThrow();
		List<String> command = new ArrayList<>(prefix);
		command.addAll(List.of(java, "--enable-native-access=ALL-UNNAMED", "-Dpty4j.tmpdir=" + dir, "-cp", classPath,
				ExecdApplication.class.getName(), "--server.port=" + port,
				"--execd.output.dir=" + dir.resolve("logs")));
		command.addAll(List.of(args));
		Path log = dir.resolve("server.out");
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
		builder.environment().keySet().removeIf((name) -> name.startsWith("EXECD_"));
		builder.environment().putAll(environment);
		ChildServer server = new ChildServer(port, builder.start(), log);
		try {
			await().atMost(Duration.ofSeconds(60))
				.pollInterval(Duration.ofMillis(200))
				.ignoreExceptions()
				.until(() -> server.api.get("/actuator/health").status() == 200);
		}
		catch (RuntimeException | Error ex) {
			// Never leave a server that did not come up running.
			server.close();
			throw ex;
		}
		return server;
	}

	/**
	 * Starts a server that is expected to refuse to start, and returns what it printed
	 * once it exited (within a minute), failing if it answered or kept running instead.
	 */
	static String refusal(Path dir, Map<String, String> environment, String... args) throws Exception {
		String java = ProcessHandle.current().info().command().orElseThrow();
		List<String> command = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED",
				"-Dpty4j.tmpdir=" + dir, "-cp", System.getProperty("java.class.path"), ExecdApplication.class.getName(),
				"--server.port=" + freePort(), "--execd.output.dir=" + dir.resolve("logs")));
		command.addAll(List.of(args));
		Path log = dir.resolve("refused.out");
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
		builder.environment().keySet().removeIf((name) -> name.startsWith("EXECD_"));
		builder.environment().putAll(environment);
		Process process = builder.start();
		try {
			if (!process.waitFor(60, TimeUnit.SECONDS)) {
				throw new AssertionError("the server did not exit; its output:\n" + Files.readString(log));
			}
			if (process.exitValue() == 0) {
				throw new AssertionError("the server exited with 0; its output:\n" + Files.readString(log));
			}
			return Files.readString(log);
		}
		finally {
			process.destroyForcibly();
		}
	}

	/** Opens a connection and sends the start of a request, leaving it unfinished. */
	Socket openRequest(String head) throws IOException {
		Socket socket = new Socket();
		socket.connect(new InetSocketAddress("127.0.0.1", this.port), 5000);
		send(socket, head);
		return socket;
	}

	static void send(Socket socket, String text) throws IOException {
		OutputStream out = socket.getOutputStream();
		out.write(text.getBytes(StandardCharsets.US_ASCII));
		out.flush();
	}

	/** Sends SIGTERM and waits for the JVM to end. */
	Duration terminate(Duration atMost) throws Exception {
		long start = System.nanoTime();
		this.process.destroy();
		if (!this.process.waitFor(atMost.toMillis(), TimeUnit.MILLISECONDS)) {
			throw new AssertionError("the server did not exit within " + atMost + "; its output:\n" + output());
		}
		return Duration.ofNanos(System.nanoTime() - start);
	}

	String output() throws IOException {
		return Files.readString(this.log);
	}

	@Override
	public void close() {
		this.process.descendants().forEach(ProcessHandle::destroyForcibly);
		this.process.destroyForcibly();
		try {
			// The server must be gone before its temporary directory is deleted.
			this.process.waitFor(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
