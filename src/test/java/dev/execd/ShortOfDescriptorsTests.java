package dev.execd;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A server that runs out of descriptors after a session's log was closed for idleness
 * (its limit lowered with {@code prlimit} while it runs, so not even a new connection can
 * be accepted), over connections it had accepted before:
 * <ul>
 * <li>input that was typed is answered 200 with the output it could not read owed behind
 * the truncation marker, never a 503 that a retry would type twice; a read by offset,
 * which took no effect, is refused with 503 and {@code Retry-After}; once descriptors are
 * back the owed bytes are read from the log;</li>
 * <li>an attach channel that cannot read on closes with 1013 (try again later), naming
 * the offset to reconnect with, after every byte before it.</li>
 * </ul>
 */
@OwnServer
class ShortOfDescriptorsTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/**
	 * More output than the server keeps in memory (1 KiB here): reading it takes the
	 * file.
	 */
	private static final String A2000 = "a".repeat(2000);

	@Test
	void typedInputIsAnsweredWithTheOutputOwedAndReadLater(@TempDir Path dir) throws Exception {
		Path typed = dir.resolve("typed.txt");
		try (ChildServer server = ChildServer.start(dir, classPathWithJar(dir), List.of(), Map.of(),
				"--execd.output.log-idle-close=200ms", "--execd.output.memory-window=1KB");
				KeepAlive http = new KeepAlive(server.port)) {
			warmUp(http, dir, server.pid());
			JsonNode started = http
				.send("POST", "/sessions",
						"{\"cmd\":\"sleep 1; head -c 2000 /dev/zero | tr -c a a; exec cat > " + typed
								+ "\",\"yield_time_ms\":0}")
				.json();
			String id = started.get("session").get("session_id").asString();
			String session = "/sessions/" + id;
			Awaitility.await()
				.atMost(Duration.ofSeconds(10))
				.until(() -> http.send("GET", session + "/log", null).body().equals(A2000));
			awaitLogClosed(server.pid(), id);
			String soft = softLimit(server.pid());
			prlimit(server.pid(), "3");
			Reply answered;
			Reply byOffset;
			try {
				answered = http.send("POST", session + "/stdin", "{\"chars\":\"x\",\"yield_time_ms\":0}");
				byOffset = http.send("GET", session + "/output?offset=0", null);
			}
			catch (IOException ex) {
				// The server's own account of why the connection ended.
				String out = server.output();
				throw new IOException(out.substring(Math.max(0, out.length() - 40000)), ex);
			}
			finally {
				prlimit(server.pid(), soft);
			}
			assertThat(answered.status()).as(answered.body()).isEqualTo(200);
			JsonNode result = answered.json();
			assertThat(result.get("output").asString()).contains("[... omitted 2000 bytes (offsets 0-2000)")
				.contains("offset=0&length=2000")
				.doesNotContain("aaaa");
			assertThat(result.get("omitted_bytes").asLong()).isEqualTo(2000);
			assertThat(result.get("next_offset").asLong()).isEqualTo(2000);
			assertThat(byOffset.status()).as(byOffset.body()).isEqualTo(503);
			assertThat(byOffset.header("retry-after")).isEqualTo("1");
			assertThat(byOffset.json().get("code").asString()).isEqualTo("resources_exhausted");
			// Descriptors are back (on a new connection: Tomcat closes one after a 503):
			// the owed bytes are there, and the input was typed once.
			try (KeepAlive again = new KeepAlive(server.port)) {
				Awaitility.await()
					.atMost(Duration.ofSeconds(10))
					.until(() -> again.send("GET", session + "/log?offset=0&length=2000", null).body().equals(A2000));
				Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> Files.readString(typed).equals("x"));
				Reply next = again.send("POST", session + "/stdin", "{\"chars\":\"y\",\"yield_time_ms\":0}");
				assertThat(next.status()).as(next.body()).isEqualTo(200);
				assertThat(next.json().get("output").asString()).isEmpty();
				assertThat(next.json().get("next_offset").asLong()).isEqualTo(2000);
				Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> Files.readString(typed).equals("xy"));
			}
		}
	}

	@Test
	void anAttachChannelThatCannotReadOnClosesWith1013NamingItsOffset(@TempDir Path dir) throws Exception {
		// More than the connection's buffers hold, whatever the host's TCP settings.
		int size = 64_000_000;
		try (ChildServer server = ChildServer.start(dir, classPathWithJar(dir), List.of(), Map.of(),
				"--execd.output.log-idle-close=200ms", "--execd.output.memory-window=1KB");
				KeepAlive http = new KeepAlive(server.port)) {
			warmUp(http, dir, server.pid());
			Reply started = http.send("POST", "/sessions",
					"{\"cmd\":\"head -c " + size + " /dev/zero | tr -c a a; exec sleep 1000\",\"yield_time_ms\":0}");
			String id = started.json().get("session").get("session_id").asString();
			Awaitility.await()
				.atMost(Duration.ofSeconds(30))
				.until(() -> http.send("GET", "/sessions/" + id, null)
					.json()
					.get("output_bytes_total")
					.asLong() == size);
			try (AttachClient slow = AttachClient.connectPaused(server.port, "/sessions/" + id + "/attach?offset=0",
					"X-Conversation-Id", "owed")) {
				// The channel fills the connection's buffers and waits for room;
				// meanwhile
				// the log is closed for idleness.
				awaitLogClosed(server.pid(), id);
				String soft = softLimit(server.pid());
				prlimit(server.pid(), "3");
				AttachClient.Close close;
				try {
					slow.resume();
					close = slow.closed();
				}
				finally {
					prlimit(server.pid(), soft);
				}
				long next = 0;
				for (JsonNode output : slow.received()) {
					assertThat(output.get("type").asString()).isEqualTo("output");
					assertThat(output.get("offset").asLong()).isEqualTo(next);
					next = output.get("next").asLong();
				}
				assertThat(next).as("some output came before the close, not all").isBetween(1L, size - 1L);
				assertThat(close)
					.isEqualTo(new AttachClient.Close(1013, "out of file descriptors; reconnect with offset=" + next));
			}
		}
	}

	/**
	 * This JVM's class path with the server's classes in a jar, as they are deployed: the
	 * jar is opened once, so a class loaded while descriptors are short needs none (from
	 * a class directory, each class file is opened when first loaded).
	 */
	private static String classPathWithJar(Path dir) throws IOException {
		List<String> entries = new ArrayList<>();
		for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
			Path path = Path.of(entry);
			if (Files.isDirectory(path) && Files.exists(path.resolve("dev/execd/ExecdApplication.class"))) {
				Path jar = dir.resolve("execd-classes.jar");
				jar(path, jar);
				entries.add(jar.toString());
			}
			else {
				entries.add(entry);
			}
		}
		return String.join(File.pathSeparator, entries);
	}

	private static void jar(Path classes, Path jar) throws IOException {
		try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
				Stream<Path> files = Files.walk(classes)) {
			for (Path file : (Iterable<Path>) files.filter((file) -> !file.equals(classes))::iterator) {
				// Directories have entries too: a component scan finds its package by
				// them.
				String name = classes.relativize(file).toString().replace(File.separatorChar, '/');
				boolean directory = Files.isDirectory(file);
				out.putNextEntry(new JarEntry(directory ? name + "/" : name));
				if (!directory) {
					Files.copy(file, out);
				}
				out.closeEntry();
			}
		}
	}

	/**
	 * Takes the paths the test takes while descriptors are short once before, so that
	 * whatever a first use opens lazily (a library, a class's file) is open.
	 */
	private static void warmUp(KeepAlive http, Path dir, long pid) throws IOException {
		Reply started = http.send("POST", "/sessions", "{\"cmd\":\"head -c 2000 /dev/zero | tr -c w w; exec cat > "
				+ dir.resolve("warm.txt") + "\",\"yield_time_ms\":100}");
		assertThat(started.status()).as(started.body()).isEqualTo(201);
		String id = started.json().get("session").get("session_id").asString();
		String session = "/sessions/" + id;
		assertThat(http.send("POST", session + "/stdin", "{\"chars\":\"x\",\"yield_time_ms\":0}").status())
			.isEqualTo(200);
		// The log is closed for idleness, and opened again to be read.
		awaitLogClosed(pid, id);
		assertThat(http.send("GET", session + "/output?offset=0", null).json().get("output").asString())
			.startsWith("wwww");
		assertThat(http.send("GET", session + "/output?offset=999999", null).status()).isEqualTo(416);
		assertThat(http.send("GET", session + "/log?offset=0&length=4", null).body()).isEqualTo("wwww");
		assertThat(http.send("DELETE", session, null).status()).isEqualTo(200);
	}

	/** Waits until the server holds no descriptor for the session's log. */
	private static void awaitLogClosed(long pid, String id) {
		Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> !logOpen(pid, id));
	}

	private static boolean logOpen(long pid, String id) throws IOException {
		try (Stream<Path> descriptors = Files.list(Path.of("/proc/" + pid + "/fd"))) {
			return descriptors.anyMatch((descriptor) -> {
				try {
					return Files.readSymbolicLink(descriptor).toString().endsWith("/" + id + ".log");
				}
				catch (IOException ex) {
					// Closed meanwhile.
					return false;
				}
			});
		}
	}

	/**
	 * The soft limit on open files of a process, as {@code /proc/<pid>/limits} shows it.
	 */
	private static String softLimit(long pid) throws IOException {
		for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/limits"))) {
			if (line.startsWith("Max open files")) {
				return line.substring("Max open files".length()).trim().split("\\s+")[0];
			}
		}
		throw new IllegalStateException("no open-files limit for " + pid);
	}

	/** Sets the soft limit on open files of a running process. */
	private static void prlimit(long pid, String soft) throws IOException, InterruptedException {
		Process process = new ProcessBuilder("prlimit", "--pid", Long.toString(pid), "--nofile=" + soft + ":")
			.redirectErrorStream(true)
			.start();
		String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
		assertThat(process.exitValue()).as(out).isZero();
	}

	record Reply(int status, Map<String, String> headers, String body) {

		JsonNode json() {
			return JSON.readTree(this.body);
		}

		String header(String name) {
			return this.headers.get(name);
		}

	}

	/**
	 * Requests over one kept-alive connection: a server out of descriptors cannot accept
	 * another.
	 */
	static final class KeepAlive implements AutoCloseable {

		private final Socket socket = new Socket();

		private final InputStream in;

		KeepAlive(int port) throws IOException {
			this.socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
			this.socket.setSoTimeout(30_000);
			this.in = this.socket.getInputStream();
		}

		Reply send(String method, String path, String body) throws IOException {
			byte[] content = (body != null) ? body.getBytes(StandardCharsets.UTF_8) : new byte[0];
			String head = method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Conversation-Id: owed\r\n"
					+ ((body != null) ? "Content-Type: application/json\r\n" : "") + "Content-Length: " + content.length
					+ "\r\n\r\n";
			this.socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
			this.socket.getOutputStream().write(content);
			this.socket.getOutputStream().flush();
			int status = Integer.parseInt(line().substring(9, 12));
			Map<String, String> headers = new LinkedHashMap<>();
			for (String line = line(); !line.isEmpty(); line = line()) {
				int colon = line.indexOf(':');
				headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
			}
			ByteArrayOutputStream bytes = new ByteArrayOutputStream();
			if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
				for (int size = chunkSize(); size > 0; size = chunkSize()) {
					bytes.write(this.in.readNBytes(size));
					line();
				}
				line();
			}
			else {
				bytes.write(this.in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0"))));
			}
			return new Reply(status, headers, bytes.toString(StandardCharsets.UTF_8));
		}

		private int chunkSize() throws IOException {
			String line = line();
			int semicolon = line.indexOf(';');
			return Integer.parseInt((semicolon < 0) ? line : line.substring(0, semicolon), 16);
		}

		private String line() throws IOException {
			StringBuilder line = new StringBuilder();
			for (int c = this.in.read(); c != '\n'; c = this.in.read()) {
				if (c < 0) {
					throw new IOException("the connection ended");
				}
				if (c != '\r') {
					line.append((char) c);
				}
			}
			return line.toString();
		}

		@Override
		public void close() throws IOException {
			this.socket.close();
		}

	}

}
