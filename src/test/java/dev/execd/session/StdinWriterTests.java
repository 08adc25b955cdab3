package dev.execd.session;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.execd.process.Child;
import dev.execd.process.LaunchSpec;
import dev.execd.process.Launcher;
import dev.execd.process.OutputReceiver;
import dev.execd.process.Poller;
import dev.execd.process.Signals;
import dev.execd.process.Terminator;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StdinWriterTests {

	@Test
	void bytesWrittenAtOnceAndQueuedArriveInOrder() throws Exception {
		Child child = start("cat");
		try {
			Recorder out = new Recorder();
			Poller.read(child.outputs().get(0), out);
			StdinWriter writer = new StdinWriter(child.stdin(), (signal) -> {
			}, 1 << 24);
			StringBuilder expected = new StringBuilder();
			for (int i = 0; i < 3000; i++) {
				// Keystrokes, with now and then more than a pipe holds, so that later
				// writes find bytes queued before them.
				String text = (i % 500 == 250) ? "x".repeat(200_000) + "\n" : i + "\n";
				expected.append(text);
				assertThat(writer.offer(List.of(new StdinWriter.Bytes(text.getBytes(StandardCharsets.UTF_8)))))
					.isTrue();
			}
			writer.offer(List.of(new StdinWriter.Close()));
			assertThat(out.end.get(30, TimeUnit.SECONDS)).isEqualTo(expected.toString());
			assertThat(writer.pending()).isZero();
		}
		finally {
			child.release();
		}
	}

	@Test
	void aChildThatNeverReadsFillsTheQueueWithoutHoldingTheCaller() throws Exception {
		Child child = start("exec sleep 1000");
		try {
			StdinWriter writer = new StdinWriter(child.stdin(), (signal) -> {
			}, 1 << 20);
			byte[] key = new byte[1000];
			long t0 = System.nanoTime();
			int accepted = 0;
			while (writer.offer(List.of(new StdinWriter.Bytes(key)))) {
				accepted++;
			}
			assertThat(System.nanoTime() - t0).isLessThan(TimeUnit.SECONDS.toNanos(5));
			// The pipe took its capacity, the queue its own; nothing more.
			assertThat(accepted).isGreaterThan((1 << 20) / key.length).isLessThan(2 * (1 << 20) / key.length);
			assertThat(writer.pending()).isGreaterThan((1 << 20) - key.length).isLessThanOrEqualTo(1 << 20);
			writer.stop();
			assertThat(writer.pending()).isZero();
		}
		finally {
			Terminator.terminate(child.pid(), false, Signals.SIGKILL, Duration.ofSeconds(5));
			child.release();
		}
	}

	private static Child start(String script) throws Exception {
		return Launcher.start(new LaunchSpec(List.of("bash", "-c", script), Path.of("/"),
				Map.of("PATH", System.getenv("PATH")), false, 80, 24));
	}

	/** Collects a stream; completes with all of it at its end. */
	private static final class Recorder implements OutputReceiver {

		private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

		final CompletableFuture<String> end = new CompletableFuture<>();

		@Override
		public synchronized void received(byte[] b, int length) {
			this.bytes.write(b, 0, length);
		}

		@Override
		public synchronized void ended() {
			this.end.complete(this.bytes.toString(StandardCharsets.UTF_8));
		}

	}

}
