package dev.execd.process;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PollerTests {

	@Test
	void everyByteOfAPipeArrivesInOrderBeforeItsEnd() throws Exception {
		// About 1.9 MB: many refills of a 64 KiB pipe.
		Child child = start(false, "seq 1 300000");
		try {
			Recorder out = read(child.outputs().get(0));
			Recorder err = read(child.outputs().get(1));
			assertThat(out.end.get(20, TimeUnit.SECONDS)).isEqualTo(IntStream.rangeClosed(1, 300000)
				.mapToObj(Integer::toString)
				.collect(Collectors.joining("\n", "", "\n")));
			assertThat(err.end.get(20, TimeUnit.SECONDS)).isEmpty();
		}
		finally {
			child.release();
		}
	}

	@Test
	void aTerminalEndsWithItsHangUpAfterItsLastOutput() throws Exception {
		Child child = start(true, "seq 1 20000; exit 3");
		try {
			Recorder pty = read(child.outputs().get(0));
			assertThat(child.exit().get(20, TimeUnit.SECONDS)).isEqualTo(3);
			// EIO once the leader is gone ends the stream, after every byte it wrote.
			assertThat(pty.end.get(20, TimeUnit.SECONDS)).isEqualTo(IntStream.rangeClosed(1, 20000)
				.mapToObj(Integer::toString)
				.collect(Collectors.joining("\r\n", "", "\r\n")));
		}
		finally {
			child.release();
		}
	}

	@Test
	void aTerminalThatFloodsIsDeliveredInPiecesOfSeveralReads() throws Exception {
		// A read of a terminal gives at most 4,095 bytes: what is read on at once arrives
		// as one piece.
		Child child = start(true, "head -c 2000000 /dev/zero | tr '\\0' Z");
		try {
			Recorder pty = read(child.outputs().get(0));
			assertThat(pty.end.get(30, TimeUnit.SECONDS)).hasSize(2_000_000).matches("Z+");
			assertThat(pty.largest).as("the largest piece delivered").isGreaterThan(4095);
		}
		finally {
			child.release();
		}
	}

	@Test
	void childrenAreReapedWithTheirStatusAndHoldNoThread() throws Exception {
		Poller.running();
		int threads = Thread.activeCount();
		List<Child> children = new java.util.ArrayList<>();
		for (int i = 0; i < 20; i++) {
			children.add(start(false, "exit " + i));
		}
		children.add(start(false, "kill -TERM $$"));
		children.add(start(true, "exit 7"));
		Child sleeping = start(false, "exec sleep 1000");
		try {
			assertThat(Thread.activeCount() - threads).as("threads for %d children", children.size() + 1)
				.isLessThanOrEqualTo(2);
			for (int i = 0; i < 20; i++) {
				assertThat(children.get(i).exit().get(20, TimeUnit.SECONDS)).isEqualTo(i);
			}
			assertThat(children.get(20).exit().get(20, TimeUnit.SECONDS)).isEqualTo(128 + 15);
			assertThat(children.get(21).exit().get(20, TimeUnit.SECONDS)).isEqualTo(7);
			assertThat(sleeping.exit()).isNotDone();
			Terminator.terminate(sleeping.pid(), false, Signals.SIGKILL, Duration.ofSeconds(5));
			assertThat(sleeping.exit().get(20, TimeUnit.SECONDS)).isEqualTo(128 + 9);
		}
		finally {
			children.forEach(Child::release);
			sleeping.release();
		}
	}

	@Test
	void stdinTakesMoreThanAPipeHoldsWhenTheChildReadsSlowly() throws Exception {
		Child child = start(false, "sleep 0.5; wc -c");
		try {
			Recorder out = read(child.outputs().get(0));
			byte[] data = new byte[1 << 20];
			int[] written = { 0 };
			int[] pauses = { 0 };
			PolledWrite[] stdin = new PolledWrite[1];
			Runnable drain = new Runnable() {

				@Override
				public void run() {
					while (written[0] < data.length) {
						int n = stdin[0].write(data, written[0], data.length - written[0]);
						if (n == 0) {
							pauses[0]++;
							return;
						}
						written[0] += n;
					}
					stdin[0].close();
				}

			};
			stdin[0] = PolledWrite.of(child.stdin(), drain);
			stdin[0].execute(drain);
			assertThat(out.end.get(20, TimeUnit.SECONDS)).isEqualTo(data.length + "\n");
			assertThat(pauses[0]).as("writes that found the pipe full").isPositive();
		}
		finally {
			child.release();
		}
	}

	@Test
	void aWriteFromAnyThreadTakesWhatFitsAndNeverWaits() throws Exception {
		Child child = start(false, "sleep 0.5; wc -c");
		try {
			Recorder out = read(child.outputs().get(0));
			PolledWrite stdin = PolledWrite.of(child.stdin(), () -> {
			});
			byte[] data = new byte[1 << 20];
			long t0 = System.nanoTime();
			int first = stdin.writeNow(data, data.length);
			int full = stdin.writeNow(data, data.length);
			assertThat(System.nanoTime() - t0).as("two writes into a child that is asleep")
				.isLessThan(TimeUnit.MILLISECONDS.toNanos(400));
			assertThat(first).as("a pipe's capacity").isPositive().isLessThan(data.length);
			assertThat(full).as("no room left").isZero();
			stdin.execute(stdin::close);
			assertThat(out.end.get(20, TimeUnit.SECONDS)).isEqualTo(first + "\n");
			assertThat(stdin.writeNow(data, 1)).as("after the close").isEqualTo(-1);
		}
		finally {
			child.release();
		}
	}

	@Test
	void closingTheDescriptorEndsTheReading() throws Exception {
		Child child = start(false, "echo ready; exec sleep 1000");
		try {
			Recorder out = read(child.outputs().get(0));
			Recorder err = read(child.outputs().get(1));
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
			while (!out.text().equals("ready\n") && System.nanoTime() < deadline) {
				Thread.sleep(10);
			}
			child.outputs().forEach((source) -> source.descriptor().close());
			assertThat(out.end.get(20, TimeUnit.SECONDS)).isEqualTo("ready\n");
			assertThat(err.end.get(20, TimeUnit.SECONDS)).isEmpty();
		}
		finally {
			Terminator.terminate(child.pid(), false, Signals.SIGKILL, Duration.ofSeconds(5));
			child.release();
		}
	}

	private static Child start(boolean tty, String script) throws Exception {
		return Launcher.start(new LaunchSpec(List.of("bash", "-c", script), Path.of("/"),
				Map.of("PATH", System.getenv("PATH")), tty, 80, 24));
	}

	private static Recorder read(Child.Source source) {
		Recorder recorder = new Recorder();
		Poller.read(source, recorder);
		return recorder;
	}

	/** Collects a stream; completes with all of it at its end. */
	private static final class Recorder implements OutputReceiver {

		final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

		final CompletableFuture<String> end = new CompletableFuture<>();

		int largest;

		@Override
		public synchronized void received(byte[] b, int length) {
			this.bytes.write(b, 0, length);
			this.largest = Math.max(this.largest, length);
		}

		@Override
		public void ended() {
			this.end.complete(text());
		}

		synchronized String text() {
			return this.bytes.toString(StandardCharsets.UTF_8);
		}

	}

}
