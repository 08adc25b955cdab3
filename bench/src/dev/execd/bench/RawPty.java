package dev.execd.bench;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.pty4j.PtyProcess;
import com.pty4j.PtyProcessBuilder;

/**
 * A program on a pseudo-terminal driven directly with pty4j in the driver's JVM: the
 * physical baseline for the PTY figures (no HTTP, no server, the same library execd
 * uses).
 */
final class RawPty implements Closeable {

	private final PtyProcess process;

	private final InputStream in;

	private final OutputStream out;

	private final byte[] buf = new byte[64 * 1024];

	/** Output read but not consumed by a wait yet. */
	private final StringBuilder pending = new StringBuilder();

	private RawPty(PtyProcess process) {
		this.process = process;
		this.in = process.getInputStream();
		this.out = process.getOutputStream();
	}

	/** Starts {@code argv} on a 120x30 terminal. */
	static RawPty start(List<String> argv, Map<String, String> env) throws IOException {
		Map<String, String> environment = new HashMap<>(System.getenv());
		environment.put("TERM", "xterm-256color");
		environment.put("LANG", "C.UTF-8");
		environment.put("LC_ALL", "C.UTF-8");
		environment.putAll(env);
		PtyProcess process = new PtyProcessBuilder(argv.toArray(String[]::new)).setEnvironment(environment)
			.setInitialColumns(120)
			.setInitialRows(30)
			.setRedirectErrorStream(true)
			.start();
		return new RawPty(process);
	}

	void write(String text) throws IOException {
		this.out.write(text.getBytes(StandardCharsets.UTF_8));
		this.out.flush();
	}

	/** Reads until {@code needle} has arrived; consumes the output up to its end. */
	void readUntil(String needle) throws IOException {
		while (true) {
			int at = this.pending.indexOf(needle);
			if (at >= 0) {
				this.pending.delete(0, at + needle.length());
				return;
			}
			int n = this.in.read(this.buf);
			if (n < 0) {
				throw new IOException("the terminal closed before '" + needle + "'");
			}
			this.pending.append(new String(this.buf, 0, n, StandardCharsets.ISO_8859_1));
		}
	}

	/** Reads until the output so far ends with one of {@code suffixes}. */
	void readUntilEndsWith(List<String> suffixes) throws IOException {
		while (suffixes.stream().noneMatch((suffix) -> this.pending.toString().endsWith(suffix))) {
			int n = this.in.read(this.buf);
			if (n < 0) {
				throw new IOException("the terminal closed before '" + suffixes + "' after: " + this.pending);
			}
			this.pending.append(new String(this.buf, 0, n, StandardCharsets.ISO_8859_1));
		}
		this.pending.setLength(0);
	}

	/** Reads until the terminal closes (its program ended), counting every byte read. */
	void readToEnd(PtyFlood.Count count) throws IOException {
		int n;
		while ((n = this.in.read(this.buf)) >= 0) {
			count.bytes(this.buf, 0, n);
		}
	}

	@Override
	public void close() {
		ProcessHandle.of(this.process.pid()).ifPresent(ProcessHandle::destroyForcibly);
		try {
			this.process.waitFor();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		try {
			this.in.close();
			this.out.close();
		}
		catch (IOException ex) {
			// Already gone.
		}
	}

}
