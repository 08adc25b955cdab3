package dev.execd.bench;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The packaged server as a child process, started the way users start it ({@code java
 * -jar}), on a free port with a temporary output directory and caps raised for the scale
 * run, plus what the driver reads about it from outside: RSS and threads from
 * {@code /proc}, heap from {@code /actuator/prometheus} after a {@code jcmd GC.run}.
 * Ready means the first 200 from {@code /actuator/health/readiness}, polled every 10 ms
 * from the launch: {@link #readyNanos} is the start → readiness time.
 */
final class Server implements Closeable {

	final Path dir;

	final Process process;

	/** The idle scenario aims at 10,000 sessions. */
	static final int MAX_SESSIONS = 12000;

	final int port;

	private final Path jcmd;

	/** From launching the JVM to its first successful readiness probe. */
	long readyNanos;

	private Server(Path dir, Process process, int port, Path jcmd) {
		this.dir = dir;
		this.process = process;
		this.port = port;
		this.jcmd = jcmd;
	}

	static Server start(Path java, Path jar, List<String> jvmArgs, List<String> appArgs) throws Exception {
		Path dir = Files.createTempDirectory("execd-bench-");
		int port;
		try (ServerSocket probe = new ServerSocket(0)) {
			port = probe.getLocalPort();
		}
		List<String> command = new ArrayList<>(List.of(java.toString(), "--enable-native-access=ALL-UNNAMED",
				"-Dpty4j.tmpdir=" + dir.resolve("pty4j")));
		command.addAll(jvmArgs);
		command.addAll(List.of("-jar", jar.toString(), "--server.port=" + port,
				"--execd.output.dir=" + dir.resolve("data"), "--execd.limits.max-sessions=" + MAX_SESSIONS,
				"--execd.limits.max-sessions-per-conversation=1024",
				"--execd.limits.warn-sessions-per-conversation=1024",
				// The files scenario moves 2 GiB in one request.
				"--execd.files.max-upload-size=8GB"));
		command.addAll(appArgs);
		long launched = System.nanoTime();
		Process process = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(dir.resolve("server.out").toFile())
			.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
			.start();
		Server server = new Server(dir, process, port, java.resolveSibling("jcmd"));
		try {
			Children.awaitReady(process, dir, "the server", () -> {
				try (Http http = new Http(port, "default")) {
					Http.Response health = http.get("/actuator/health/readiness");
					return health.status() == 200 && health.text().contains("UP");
				}
			}, 90);
			server.readyNanos = System.nanoTime() - launched;
		}
		catch (Exception ex) {
			server.close();
			throw ex;
		}
		return server;
	}

	long pid() {
		return this.process.pid();
	}

	String outputTail() {
		return Children.outputTail(this.dir);
	}

	/** Resident set size in bytes, from {@code /proc/<pid>/status}. */
	long rssBytes() throws IOException {
		return rssBytes(pid());
	}

	/** Resident set size of a process in bytes, from {@code /proc/<pid>/status}. */
	static long rssBytes(long pid) throws IOException {
		for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
			if (line.startsWith("VmRSS:")) {
				return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
			}
		}
		throw new IllegalStateException("no VmRSS");
	}

	/** CPU time the server used so far (user + system, its children not included). */
	long cpuNanos() throws IOException {
		return cpuNanos(pid());
	}

	/** CPU time of a process from {@code /proc/<pid>/stat}, in nanoseconds (100 Hz ticks). */
	static long cpuNanos(long pid) throws IOException {
		String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
		String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
		// utime and stime are fields 14 and 15; f[0] is field 3.
		return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10_000_000L;
	}

	/** CPU time the server's JIT compiler threads used so far. */
	long compilerNanos() {
		return compilerNanos(pid());
	}

	/** CPU time the JIT compiler threads of a JVM used so far. */
	static long compilerNanos(long pid) {
		long sum = 0;
		String[] tasks = new File("/proc/" + pid + "/task").list();
		for (String task : (tasks != null) ? tasks : new String[0]) {
			Path dir = Path.of("/proc", Long.toString(pid), "task", task);
			try {
				if (Files.readString(dir.resolve("comm")).matches("C[12] CompilerThre.*\\s*")) {
					String stat = Files.readString(dir.resolve("stat"));
					String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
					sum += (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10_000_000L;
				}
			}
			catch (IOException ex) {
				// The thread ended while listing (compiler threads come and go).
			}
		}
		return sum;
	}

	/** Operating-system threads of the server: every platform thread, JVM threads included. */
	int threads() {
		String[] tasks = new File("/proc/" + pid() + "/task").list();
		return (tasks != null) ? tasks.length : -1;
	}

	/** Descriptors the server holds open. */
	int openFiles() {
		String[] fds = new File("/proc/" + pid() + "/fd").list();
		return (fds != null) ? fds.length : -1;
	}

	/** Threads by name, with ids and numbers folded away so that kinds can be counted. */
	Map<String, Integer> threadKinds() {
		Map<String, Integer> kinds = new TreeMap<>();
		String[] tasks = new File("/proc/" + pid() + "/task").list();
		if (tasks == null) {
			return kinds;
		}
		for (String task : tasks) {
			try {
				String name = Files.readString(Path.of("/proc", Long.toString(pid()), "task", task, "comm")).strip();
				// execd names its threads execd-<kind>-<session id>; the kernel keeps 15 bytes.
				String kind = name.startsWith("execd-") ? name.replaceFirst("^(execd-[a-z]+).*", "$1")
						: name.replaceAll("[0-9#]+", "N");
				kinds.merge(kind, 1, Integer::sum);
			}
			catch (IOException ex) {
				// The thread ended while listing.
			}
		}
		return kinds;
	}

	/** Runs a full collection (twice, so that what finalization freed is gone too). */
	void gc() throws Exception {
		jcmd("GC.run");
		jcmd("GC.run");
	}

	/** Live heap bytes after {@link #gc()}, as the server's own metrics report it. */
	double heapUsedBytes() throws IOException {
		return prometheusSum("jvm_memory_used_bytes{area=\"heap\"");
	}

	/** Sums every sample whose line starts with {@code prefix}. */
	double prometheusSum(String prefix) throws IOException {
		try (Http http = new Http(this.port, "default")) {
			Http.Response response = http.get("/actuator/prometheus");
			double sum = 0;
			for (String line : response.text().split("\n")) {
				if (line.startsWith(prefix)) {
					sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
				}
			}
			return sum;
		}
	}

	/** {@code jcmd <pid> GC.class_histogram}: bytes by class name. */
	Map<String, Long> histogram() throws Exception {
		Map<String, Long> bytes = new TreeMap<>();
		for (String line : jcmd("GC.class_histogram").split("\n")) {
			String[] f = line.trim().split("\\s+");
			if (f.length >= 4 && f[0].endsWith(":")) {
				bytes.merge(f[3], Long.parseLong(f[2]), Long::sum);
			}
		}
		return bytes;
	}

	String jcmd(String command) throws Exception {
		Process p = new ProcessBuilder(this.jcmd.toString(), Long.toString(pid()), command).redirectErrorStream(true)
			.start();
		String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		if (p.waitFor() != 0) {
			throw new IllegalStateException("jcmd " + command + " failed: " + out);
		}
		return out;
	}

	/** Stops the server with SIGTERM (it terminates its sessions), then removes its files. */
	@Override
	public void close() {
		Children.stop(this.process, this.dir, 60);
	}

}
