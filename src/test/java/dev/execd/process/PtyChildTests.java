package dev.execd.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.pty4j.PtyProcess;
import com.sun.jna.Memory;
import com.pty4j.PtyProcessBuilder;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class PtyChildTests {

	private static final Map<String, String> ENV = Map.of("PATH", System.getenv("PATH"), "TERM", "xterm-256color",
			"LANG", "C.UTF-8");

	@Test
	void theTerminalIsTheControllingTerminalOfTheLeadersSession() throws Exception {
		Child child = start(List.of("sh", "-c", "tty; ps -o tty=,sid=,pgid=,tpgid= -p $$"), 80, 24);
		String[] lines = outputOf(child).strip().split("\r\n");
		String slave = ((PtyChild) child).slavePath();
		assertThat(lines[0]).isEqualTo(slave);
		String pid = Long.toString(child.pid());
		assertThat(lines[1].trim().split("\\s+")).containsExactly(slave.substring("/dev/".length()), pid, pid, pid);
	}

	@Test
	void theSizeIsSetBeforeTheFirstInstruction() throws Exception {
		assertThat(outputOf(start(List.of("stty", "size"), 132, 43))).isEqualTo("43 132\r\n");
	}

	@Test
	void theTerminalModesAreThoseOfPty4jAndTheKernel() throws Exception {
		String ours = outputOf(start(List.of("stty", "-g"), 120, 30));
		Map<String, String> env = new HashMap<>(ENV);
		PtyProcess pty4j = new PtyProcessBuilder(new String[] { "stty", "-g" }).setEnvironment(env)
			.setInitialColumns(120)
			.setInitialRows(30)
			.start();
		String theirs = new String(pty4j.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		pty4j.waitFor(10, TimeUnit.SECONDS);
		pty4j.getInputStream().close();
		pty4j.getOutputStream().close();
		pty4j.getErrorStream().close();
		assertThat(ours).isEqualTo(theirs).contains(":");
	}

	@Test
	void allDescriptorsAreOneReadWriteOpenOfTheTerminal() throws Exception {
		// What a terminal login gives: programs such as more(1) read keys from stderr.
		String flags = outputOf(
				start(List.of("sh", "-c", "for fd in 0 1 2; do grep ^flags /proc/$$/fdinfo/$fd; done"), 80, 24));
		for (String line : flags.strip().split("\r\n")) {
			int accessMode = Integer.parseInt(line.substring(line.indexOf('\t') + 1).strip(), 8) & 3;
			assertThat(accessMode).as(line).isEqualTo(PtyCalls.O_RDWR);
		}
	}

	@Test
	void outputEndsAtTheHangUpWithEverythingWritten() throws Exception {
		Child child = start(List.of("sh", "-c", "seq 1 20000"), 80, 24);
		String output = outputOf(child);
		assertThat(output).startsWith("1\r\n2\r\n").endsWith("\r\n19999\r\n20000\r\n");
		assertThat(child.exit().get(10, TimeUnit.SECONDS)).isZero();
	}

	@Test
	void typedBytesReachTheProgram() throws Exception {
		Child child = start(List.of("sh", "-c", "read line; echo got:$line"), 80, 24);
		type(child, "hello\n");
		assertThat(outputOf(child)).contains("got:hello");
	}

	@Test
	void releaseWakesABlockedReaderAndHangsUpTheTerminal() throws Exception {
		// A process outside the leader's session keeps the slave open: only the
		// master's close can end the reader.
		Child child = start(List.of("sh", "-c", "setsid sleep 30 & echo started; wait"), 80, 24);
		CompletableFuture<String> read = read(child);
		Thread.sleep(200);
		assertThat(read).isNotDone();
		child.release();
		assertThat(read.get(5, TimeUnit.SECONDS)).contains("started");
		assertThat(child.exit().get(10, TimeUnit.SECONDS)).isNotNull();
		Terminator.terminate(child.pid(), true, Signals.SIGKILL, Duration.ofSeconds(5));
	}

	@Test
	void noDescriptorOutlivesItsTerminal() throws Exception {
		long before = descriptors().count();
		List<Path> terminals = descriptors().filter(PtyChildTests::isTerminal).toList();
		for (int i = 0; i < 100; i++) {
			Child child = start(List.of("true"), 80, 24);
			outputOf(child);
			child.exit().get(10, TimeUnit.SECONDS);
			child.release();
		}
		assertThat(descriptors().filter(PtyChildTests::isTerminal)).containsExactlyInAnyOrderElementsOf(terminals);
		assertThat(descriptors().count()).isLessThanOrEqualTo(before + 2);
	}

	// The master is the child's output and its stdin at once: one descriptor (and no
	// pidfd: the exit costs none) and one epoll registration, whoever reads and writes
	// it.
	@Test
	void aTerminalIsReadAndWrittenThroughOneDescriptorAndOneRegistration() throws Exception {
		List<Child> children = new java.util.ArrayList<>();
		try {
			for (int i = 0; i < 10; i++) {
				Child child = start(List.of("sleep", "100"), 80, 24);
				children.add(child);
				read(child);
				PolledWrite.of(child.stdin(), () -> {
				});
			}
			// Matched to the children (the master by its terminal, a pidfd by its pid),
			// so
			// descriptors other tests open or close meanwhile do not count.
			assertThat(descriptors().filter((fd) -> ownedBy(fd, children)).count()).isEqualTo(children.size());
			for (Child child : children) {
				String master = Files.readSymbolicLink(Path.of("/proc/self/fd/" + child.stdin().fd())).toString();
				assertThat(master).isEqualTo("/dev/ptmx");
				await().atMost(Duration.ofSeconds(10))
					.untilAsserted(() -> assertThat(epollRegistrations(child.stdin().fd())).isEqualTo(1));
			}
		}
		finally {
			children.forEach(Child::release);
		}
	}

	// More than the terminal buffers: the writer waits for room (EPOLLOUT on the
	// registration the reader has) while the output keeps being read.
	@Test
	void aLargeInputIsWrittenWhileTheOutputIsRead() throws Exception {
		Child child = start(List.of("sh", "-c", "head -c 300000 | wc -c"), 80, 24);
		String slave = ((PtyChild) child).slavePath();
		// No canonical line limit, no echo: every byte reaches head.
		assertThat(new ProcessBuilder("stty", "-F", slave, "raw", "-echo").start().waitFor()).isZero();
		CompletableFuture<String> output = read(child);
		byte[] data = "x".repeat(300_000).getBytes(StandardCharsets.UTF_8);
		CompletableFuture<Integer> written = new CompletableFuture<>();
		int[] done = { 0 };
		PolledWrite[] out = new PolledWrite[1];
		Runnable drain = () -> {
			while (done[0] < data.length) {
				int n = out[0].write(data, done[0], data.length - done[0]);
				if (n <= 0) {
					if (n < 0) {
						written.complete(done[0]);
					}
					return;
				}
				done[0] += n;
			}
			written.complete(done[0]);
		};
		out[0] = PolledWrite.of(child.stdin(), drain);
		out[0].execute(drain);
		assertThat(written.get(20, TimeUnit.SECONDS)).isEqualTo(data.length);
		assertThat(output.get(20, TimeUnit.SECONDS)).contains("300000");
		child.release();
	}

	/** How many of this JVM's epoll sets watch {@code fd}. */
	private static long epollRegistrations(int fd) throws IOException {
		long count = 0;
		for (Path path : descriptors().toList()) {
			try {
				if (Files.readSymbolicLink(path).toString().equals("anon_inode:[eventpoll]")) {
					count += Files.readAllLines(Path.of("/proc/self/fdinfo", path.getFileName().toString()))
						.stream()
						.filter((line) -> line.startsWith("tfd:") && line.split("\\s+")[1].equals(Integer.toString(fd)))
						.count();
				}
			}
			catch (IOException ex) {
				// Closed meanwhile: not an epoll set of ours.
			}
		}
		return count;
	}

	private static boolean isTerminal(Path fd) {
		try {
			String target = Files.readSymbolicLink(fd).toString();
			return target.startsWith("/dev/pts/") || target.equals("/dev/ptmx");
		}
		catch (IOException ex) {
			return false;
		}
	}

	/** Whether {@code fd} is the master or the pidfd of one of {@code children}. */
	private static boolean ownedBy(Path fd, List<Child> children) {
		try {
			String target = Files.readSymbolicLink(fd).toString();
			String info = Files.readString(Path.of("/proc/self/fdinfo", fd.getFileName().toString()));
			for (Child child : children) {
				String slave = ((PtyChild) child).slavePath();
				String index = slave.substring(slave.lastIndexOf('/') + 1);
				if ((target.equals("/dev/ptmx") && info.contains("tty-index:\t" + index + "\n"))
						|| (target.equals("anon_inode:[pidfd]") && info.contains("Pid:\t" + child.pid() + "\n"))) {
					return true;
				}
			}
			return false;
		}
		catch (IOException ex) {
			// Closed meanwhile: not one of theirs.
			return false;
		}
	}

	private static Stream<Path> descriptors() throws IOException {
		try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
			return fds.toList().stream();
		}
	}

	private static Child start(List<String> command, int cols, int rows) throws IOException {
		return Launcher.start(new LaunchSpec(command, Path.of("/"), ENV, true, cols, rows));
	}

	private static String outputOf(Child child) throws Exception {
		String output = read(child).get(20, TimeUnit.SECONDS);
		child.release();
		return output;
	}

	private static CompletableFuture<String> read(Child child) {
		return ChildOutputs.read(child.outputs().get(0));
	}

	/** Types into the terminal (a few bytes: the non-blocking write takes them whole). */
	private static void type(Child child, String text) {
		byte[] b = text.getBytes(StandardCharsets.UTF_8);
		Memory memory = new Memory(b.length);
		memory.write(0, b, 0, b.length);
		assertThat(child.stdin().use((fd) -> assertThat(NativeIo.write(fd, memory, b.length)).isEqualTo(b.length)))
			.isTrue();
	}

}
