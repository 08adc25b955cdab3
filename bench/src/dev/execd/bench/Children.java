package dev.execd.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The servers the driver starts (execd, the peer): each a child process with a temporary
 * directory holding its output, waited for until it answers and stopped with SIGTERM.
 */
final class Children {

	private Children() {
	}

	/** Whether the child answers yet; an {@link IOException} means it does not listen yet. */
	interface Probe {

		boolean ready() throws IOException;

	}

	/** Polls {@code probe} every 100 ms until it says ready, the child exits or time runs out. */
	static void awaitReady(Process process, Path dir, String what, Probe probe, long seconds) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
		while (true) {
			if (!process.isAlive()) {
				throw new IllegalStateException(what + " exited at start:\n" + outputTail(dir));
			}
			try {
				if (probe.ready()) {
					return;
				}
			}
			catch (IOException ex) {
				// Not listening yet.
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException(what + " did not answer:\n" + outputTail(dir));
			}
			Thread.sleep(10);
		}
	}

	/** The last 40 lines of {@code dir/server.out}. */
	static String outputTail(Path dir) {
		try {
			List<String> lines = Files.readAllLines(dir.resolve("server.out"), StandardCharsets.UTF_8);
			return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
		}
		catch (IOException ex) {
			return "(no server output: " + ex.getMessage() + ")";
		}
	}

	/** SIGTERM, SIGKILL after {@code seconds}, then the directory is removed. */
	static void stop(Process process, Path dir, long seconds) {
		process.destroy();
		try {
			if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				process.waitFor(10, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
		}
		try (Stream<Path> paths = Files.walk(dir)) {
			paths.sorted(Comparator.reverseOrder()).forEach((p) -> p.toFile().delete());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
