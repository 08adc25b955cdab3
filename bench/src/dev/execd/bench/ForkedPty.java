package dev.execd.bench;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The physical limit of "create → first prompt": a PTY forked by a small native process.
 * One python3 process, started once, forks a child on a new PTY ({@code pty.fork}, i.e.
 * {@code forkpty}) per request, sets the window to 120x30, execs the command and reads
 * until the output ends with the prompt; it measures that itself with its monotonic
 * clock, so the pipe between the driver and it is not counted.
 */
final class ForkedPty implements Closeable {

	private static final String SCRIPT = """
			import os, pty, signal, struct, sys, time, fcntl, termios
			prompt = (b'$ ', b'# ')
			argv = sys.argv[1:]
			for _ in sys.stdin:
			    t0 = time.perf_counter_ns()
			    pid, fd = pty.fork()
			    if pid == 0:
			        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', 30, 120, 0, 0))
			        os.execvp(argv[0], argv)
			    out = b''
			    while not out.endswith(prompt):
			        try:
			            data = os.read(fd, 65536)
			        except OSError:
			            data = b''
			        if not data:
			            break
			        out += data
			    t1 = time.perf_counter_ns()
			    os.kill(pid, signal.SIGKILL)
			    os.waitpid(pid, 0)
			    os.close(fd)
			    print(t1 - t0 if out.endswith(prompt) else -1, flush=True)
			""";

	private final Process process;

	private final OutputStream requests;

	private final BufferedReader answers;

	private ForkedPty(Process process) {
		this.process = process;
		this.requests = process.getOutputStream();
		this.answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
	}

	/**
	 * Starts the forking process for {@code argv}, whose prompt ends in "$ " or "# "; null
	 * when there is no python3.
	 */
	static ForkedPty start(List<String> argv, Map<String, String> env) {
		List<String> command = new ArrayList<>(List.of("python3", "-c", SCRIPT));
		command.addAll(argv);
		ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
		builder.environment().put("TERM", "xterm-256color");
		builder.environment().put("LANG", "C.UTF-8");
		builder.environment().put("LC_ALL", "C.UTF-8");
		builder.environment().putAll(env);
		try {
			return new ForkedPty(builder.start());
		}
		catch (IOException ex) {
			return null;
		}
	}

	/** One fork to prompt, in nanoseconds. */
	long promptNanos() throws IOException {
		this.requests.write('\n');
		this.requests.flush();
		String line = this.answers.readLine();
		if (line == null || line.equals("-1")) {
			throw new IOException("the forked terminal closed before its prompt");
		}
		return Long.parseLong(line.strip());
	}

	@Override
	public void close() {
		try {
			this.requests.close();
		}
		catch (IOException ex) {
			// Already gone.
		}
		this.process.destroy();
	}

}
