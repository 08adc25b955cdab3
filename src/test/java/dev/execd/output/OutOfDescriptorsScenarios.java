package dev.execd.output;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import static org.awaitility.Awaitility.await;

/**
 * The scenarios of {@link OutputLogOutOfDescriptorsTests}, each run by {@link #main} in a
 * JVM of its own under a low descriptor limit: they use up every descriptor of the JVM,
 * which would make whatever else runs in it fail meanwhile (the servers of other test
 * classes, their timers and pollers). Prints what it saw as {@code name=value} lines,
 * newlines escaped as {@code \n}, for the test to assert on.
 */
final class OutOfDescriptorsScenarios {

	private final Path dir;

	private final ScheduledExecutorService timers;

	private final Map<String, String> seen = new LinkedHashMap<>();

	private OutOfDescriptorsScenarios(Path dir, ScheduledExecutorService timers) {
		this.dir = dir;
		this.timers = timers;
	}

	/** Runs the scenario {@code args[0]} in the directory {@code args[1]}. */
	public static void main(String[] args) throws IOException {
		ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();
		try {
			OutOfDescriptorsScenarios scenario = new OutOfDescriptorsScenarios(Path.of(args[1]), timers);
			switch (args[0]) {
				case "reserve" -> scenario.idleLogsThroughTheReserve();
				case "lent" -> scenario.withTheReserveLent();
				case "owed" -> scenario.anAnswerOwedNamesWhatItCannotRead();
				default -> throw new IllegalArgumentException("no scenario " + args[0]);
			}
			scenario.seen.forEach((name, value) -> System.out.println(name + "=" + value.replace("\n", "\\n")));
		}
		finally {
			timers.shutdownNow();
		}
	}

	/** Two idle logs, read and written while no descriptor is left. */
	private void idleLogsThroughTheReserve() throws IOException {
		Path pathA = this.dir.resolve("a.log");
		Path pathB = this.dir.resolve("b.log");
		IdleChannels idle = new IdleChannels(Duration.ofMillis(20), this.timers);
		List<String> failures = new ArrayList<>();
		try (OutputLog a = new OutputLog(pathA, 1L << 30, 1, idle);
				OutputLog b = new OutputLog(pathB, 1L << 30, 1, idle)) {
			a.onWriteFailure((error, first) -> failures.add("a " + error.getMessage()));
			b.onWriteFailure((error, first) -> failures.add("b " + error.getMessage()));
			append(a, "kept a\n");
			append(b, "kept b\n");
			await().atMost(Duration.ofSeconds(10)).until(() -> idle.open() == 0);
			byte[] readA;
			byte[] readB;
			List<FileChannel> hoard = useUpDescriptors();
			try {
				readA = a.read(0, 7);
				// A descriptor the JVM closed meanwhile would let an open succeed alone.
				hoard.addAll(useUpDescriptors());
				append(a, "more a\n");
				hoard.addAll(useUpDescriptors());
				append(b, "more b\n");
				readB = b.read(0, 14);
			}
			finally {
				for (FileChannel channel : hoard) {
					channel.close();
				}
			}
			this.seen.put("hoarded", Integer.toString(hoard.size()));
			this.seen.put("readA", new String(readA, StandardCharsets.UTF_8));
			this.seen.put("readB", new String(readB, StandardCharsets.UTF_8));
			failures(failures);
			this.seen.put("fileA", Files.readString(pathA));
			this.seen.put("fileB", Files.readString(pathB));
		}
	}

	/**
	 * An idle log read and appended to while no descriptor is left and another log holds
	 * the reserve, then appended to once that one gave it back.
	 */
	private void withTheReserveLent() throws IOException {
		Path pathA = this.dir.resolve("a.log");
		Path path = this.dir.resolve("s.log");
		// The others wait 50 ms for the reserve (a second by default), so descriptors are
		// short only briefly.
		IdleChannels idle = new IdleChannels(Duration.ofMillis(20), Duration.ofMillis(50), this.timers);
		List<String> failures = new ArrayList<>();
		LogChannel holder = new LogChannel(pathA, LogFile.create(pathA), true, idle);
		try (OutputLog log = new OutputLog(path, 1L << 30, 1, idle)) {
			log.onWriteFailure((error, first) -> failures.add(first + " " + error.getMessage()));
			append(log, "kept\n");
			await().atMost(Duration.ofSeconds(10)).until(() -> idle.open() == 0);
			// Loaded now: no class can be loaded while no descriptor is left.
			loaded(OutputException.ResourcesExhausted.class, OutputException.OutputUnavailable.class);
			String readError = "none";
			List<FileChannel> hoard = useUpDescriptors();
			try {
				// The other log holds the reserve for as long as this scenario likes.
				holder.acquire();
				hoard.addAll(useUpDescriptors());
				try {
					log.read(0, 4);
				}
				catch (RuntimeException ex) {
					readError = ex.getClass().getName();
				}
				// A descriptor the JVM closed meanwhile (a cleaner's) would let the open
				// succeed.
				hoard.addAll(useUpDescriptors());
				append(log, "lost\n");
				holder.release();
				append(log, "back\n");
			}
			finally {
				for (FileChannel channel : hoard) {
					channel.close();
				}
				holder.close();
			}
			this.seen.put("hoarded", Integer.toString(hoard.size()));
			this.seen.put("readError", readError);
			failures(failures);
			this.seen.put("lostBytes", Long.toString(log.lostBytes()));
			this.seen.put("readAfter", new String(log.read(0, 100), StandardCharsets.UTF_8));
			this.seen.put("file", Files.readString(path));
		}
	}

	/**
	 * An excerpt for a call that already took effect, while the log cannot be read: the
	 * range stands as omitted instead of a refusal; the same range refused for a plain
	 * read; both readable once the reserve is back.
	 */
	private void anAnswerOwedNamesWhatItCannotRead() throws IOException {
		Path pathA = this.dir.resolve("a.log");
		Path path = this.dir.resolve("s.log");
		IdleChannels idle = new IdleChannels(Duration.ofMillis(20), Duration.ofMillis(50), this.timers);
		LogChannel holder = new LogChannel(pathA, LogFile.create(pathA), true, idle);
		try (OutputLog log = new OutputLog(path, 1L << 30, 1, idle)) {
			append(log, "typed\nanswer\n");
			await().atMost(Duration.ofSeconds(10)).until(() -> idle.open() == 0);
			loaded(OutputException.ResourcesExhausted.class);
			// Loaded and linked now, the marker's string building included: no class
			// can be loaded while no descriptor is left.
			AnsiStripper stripper = new AnsiStripper();
			Excerpt.owed(log, 0, 13, 4, Truncation.HEAD_TAIL, stripper, "/sessions/s1/log");
			await().atMost(Duration.ofSeconds(10)).until(() -> idle.open() == 0);
			Excerpt owed;
			String plainError = "none";
			List<FileChannel> hoard = useUpDescriptors();
			try {
				holder.acquire();
				hoard.addAll(useUpDescriptors());
				owed = Excerpt.owed(log, 6, 13, 1000, Truncation.HEAD_TAIL, stripper, "/sessions/s1/log");
				try {
					Excerpt.of(log, 6, 13, 1000, Truncation.HEAD_TAIL, null, "/sessions/s1/log");
				}
				catch (RuntimeException ex) {
					plainError = ex.getClass().getName();
				}
				holder.release();
			}
			finally {
				for (FileChannel channel : hoard) {
					channel.close();
				}
				holder.close();
			}
			this.seen.put("owedText", owed.text());
			this.seen.put("owedOmitted", Long.toString(owed.omitted()));
			this.seen.put("plainError", plainError);
			Excerpt after = Excerpt.owed(log, 6, 13, 1000, Truncation.HEAD_TAIL, null, "/sessions/s1/log");
			this.seen.put("afterText", after.text());
			this.seen.put("afterOmitted", Long.toString(after.omitted()));
		}
	}

	private void failures(List<String> failures) {
		this.seen.put("failures", Integer.toString(failures.size()));
		for (int i = 0; i < failures.size(); i++) {
			this.seen.put("failure." + i, failures.get(i));
		}
	}

	/** Nothing: naming the classes loads them. */
	private static void loaded(Class<?>... classes) {
	}

	/** Opens /dev/null until no descriptor is left; the caller closes them all. */
	private static List<FileChannel> useUpDescriptors() {
		List<FileChannel> hoard = new ArrayList<>();
		try {
			while (true) {
				hoard.add(FileChannel.open(Path.of("/dev/null")));
			}
		}
		catch (IOException ex) {
			// Every descriptor is taken.
		}
		return hoard;
	}

	private static void append(OutputLog log, String text) {
		byte[] b = text.getBytes(StandardCharsets.UTF_8);
		log.append(b, 0, b.length, StreamTag.STDOUT);
	}

}
