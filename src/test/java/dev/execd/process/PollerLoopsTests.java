package dev.execd.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class PollerLoopsTests {

	@Test
	void aLoopWhoseThreadCannotStartIsRefusedAsOutOfResourcesAndClosesWhatItOpened() throws IOException {
		List<String> before = loopDescriptors();
		assertThatExceptionOfType(SpawnException.class).isThrownBy(() -> Poller.start(failingFrom(0), "test-poller"))
			.satisfies((ex) -> assertThat(ex.errno()).isEqualTo(SpawnException.EAGAIN))
			.withMessageContaining("pthread_create failed")
			.withMessageContaining("errno 11");
		// Its epoll set and its eventfd.
		assertThat(loopDescriptors()).isEqualTo(before);
	}

	@Test
	void theLoopsThatCouldNotStartAreStartedByTheNextStart() throws Exception {
		PollerLoops loops = new PollerLoops(2);
		AtomicInteger created = new AtomicInteger();
		ThreadFactory failingSecond = failingFrom(1);
		assertThatExceptionOfType(SpawnException.class).isThrownBy(() -> loops.start(failingSecond))
			.satisfies((ex) -> assertThat(ex.errno()).isEqualTo(SpawnException.EAGAIN));
		assertThatIllegalStateException().isThrownBy(loops::next);
		loops.start((task) -> {
			created.incrementAndGet();
			return Thread.ofPlatform().daemon().unstarted(task);
		});
		// Only the missing loop was started; the first one runs on.
		assertThat(created).hasValue(1);
		Poller first = loops.next();
		Poller second = loops.next();
		assertThat(first).isNotSameAs(second);
		assertThat(loops.next()).isSameAs(first);
		assertThat(readThrough(first, "one")).isEqualTo("one");
		assertThat(readThrough(second, "two")).isEqualTo("two");
	}

	/** A factory whose threads fail to start from the {@code n}th on, as at EAGAIN. */
	private static ThreadFactory failingFrom(int n) {
		AtomicInteger made = new AtomicInteger();
		return (task) -> {
			if (made.getAndIncrement() < n) {
				return Thread.ofPlatform().daemon().unstarted(task);
			}
			return new Thread(task) {
				@Override
				public void start() {
					// What Thread.start throws when pthread_create fails.
					throw new OutOfMemoryError("unable to create native thread: possibly out of memory");
				}
			};
		};
	}

	/** Writes {@code text} into a pipe that {@code loop} reads to its end. */
	private static String readThrough(Poller loop, String text) throws Exception {
		ChildPipe pipe = ChildPipe.forOutput();
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		CompletableFuture<String> end = new CompletableFuture<>();
		PolledRead read = new PolledRead(loop, pipe.ours(), new OutputReceiver() {

			@Override
			public void received(byte[] b, int length) {
				bytes.write(b, 0, length);
			}

			@Override
			public void ended() {
				end.complete(bytes.toString(StandardCharsets.UTF_8));
			}

		});
		assertThat(pipe.ours().serve(read)).isTrue();
		loop.execute(() -> loop.add(read, NativeIo.EPOLLIN));
		byte[] b = text.getBytes(StandardCharsets.UTF_8);
		assertThat(NativeIo.write(pipe.theirs(), b, b.length)).isEqualTo(b.length);
		pipe.closeTheirs();
		return end.get(20, TimeUnit.SECONDS);
	}

	/** The epoll sets and eventfds of this process, as loops hold them. */
	private static List<String> loopDescriptors() throws IOException {
		try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
			return fds.map((fd) -> {
				try {
					return fd.getFileName() + " " + Files.readSymbolicLink(fd);
				}
				catch (IOException ex) {
					return "";
				}
			}).filter((link) -> link.endsWith("[eventpoll]") || link.endsWith("[eventfd]")).sorted().toList();
		}
	}

}
