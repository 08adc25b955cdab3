package dev.execd.config;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Hands the C library's free memory back to the system every
 * {@code execd.heap.native-trim} ({@code malloc_trim}), as the JVM does by itself only
 * when started with {@code -XX:TrimNativeHeapInterval}, which {@code java -jar} cannot
 * carry. The JIT's arenas and the peaks of a busy period leave free memory in glibc's
 * arenas that it keeps: 20-30 MiB of an idle server's RSS (BENCHMARKS.md).
 * <p>
 * A round trims only when a collection ran since the last one, so an idle server trims at
 * most once per collection (under G1, its idle collection every minute). Nothing runs
 * when the command line gave that flag, whatever its value (the JVM decides then), or the
 * C library has no {@code malloc_trim} (not glibc).
 */
public final class NativeTrim implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(NativeTrim.class);

	private final IntSupplier trim;

	private final LongSupplier collections;

	private final @Nullable Thread thread;

	/** The collection count at the last trim; -1 before the first. */
	private long trimmedAt = -1;

	NativeTrim(Duration every, IntSupplier trim, LongSupplier collections) {
		this.trim = trim;
		this.collections = collections;
		// A wait nearly all the time: the trim itself takes a few milliseconds.
		this.thread = every.isZero() ? null
				: Thread.ofVirtual().name("execd-native-trim").start(() -> run(every.toMillis()));
	}

	/**
	 * Starts the rounds unless they are off ({@code 0s}), the JVM trims by itself, or the
	 * C library cannot.
	 */
	static NativeTrim start(Duration every, @Nullable HotSpotDiagnosticMXBean vm) {
		boolean jvm = jvmTrims(vm);
		if (jvm && !every.isZero()) {
			logger.info("Native memory: trimmed as the JVM's -XX:TrimNativeHeapInterval says, not by execd");
		}
		@Nullable IntSupplier trim = (every.isZero() || jvm) ? null : glibcTrim();
		if (trim == null) {
			return new NativeTrim(Duration.ZERO, () -> 0, () -> 0);
		}
		return new NativeTrim(every, trim, NativeTrim::collections);
	}

	/**
	 * Whether the command line gave {@code -XX:TrimNativeHeapInterval}, whatever its
	 * value ({@code 0} turns trimming off): then the JVM's flag decides.
	 */
	static boolean jvmTrims(@Nullable HotSpotDiagnosticMXBean vm) {
		if (vm == null) {
			return false;
		}
		try {
			return vm.getVMOption("TrimNativeHeapInterval").getOrigin() != VMOption.Origin.DEFAULT;
		}
		catch (IllegalArgumentException ex) {
			// A JVM without the flag (before 21.0.1).
			return false;
		}
	}

	boolean running() {
		return this.thread != null && this.thread.isAlive();
	}

	/**
	 * One round: trims when a collection ran since the last trim (or never trimmed).
	 * @return whether it trimmed
	 */
	synchronized boolean round() {
		long count = this.collections.getAsLong();
		if (count == this.trimmedAt) {
			return false;
		}
		this.trimmedAt = count;
		if (!logger.isDebugEnabled()) {
			this.trim.getAsInt();
			return true;
		}
		long before = residentKib();
		long start = System.nanoTime();
		this.trim.getAsInt();
		logger.debug("Native memory trimmed in " + (System.nanoTime() - start) / 1000 + " us: RSS " + before + " -> "
				+ residentKib() + " KiB");
		return true;
	}

	@Override
	public void close() {
		if (this.thread != null) {
			this.thread.interrupt();
		}
	}

	private void run(long millis) {
		try {
			while (true) {
				Thread.sleep(millis);
				try {
					round();
				}
				catch (RuntimeException ex) {
					// One failed round; the next may do better.
					logger.warn("Native memory: a trim failed: " + ex);
				}
			}
		}
		catch (InterruptedException ex) {
			// Closed with the application.
		}
	}

	/** glibc's {@code malloc_trim(0)}, or null where the C library has none. */
	static @Nullable IntSupplier glibcTrim() {
		try {
			Function mallocTrim = NativeLibrary.getInstance("c").getFunction("malloc_trim");
			return () -> mallocTrim.invokeInt(new Object[] { 0L });
		}
		catch (UnsatisfiedLinkError ex) {
			logger.info("Native memory: not trimmed, the C library has no malloc_trim");
			return null;
		}
	}

	private static long collections() {
		long count = 0;
		for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
			count += Math.max(collector.getCollectionCount(), 0);
		}
		return count;
	}

	/** The process's resident set, for the log; -1 when unknown. */
	private static long residentKib() {
		try {
			for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
				if (line.startsWith("VmRSS:")) {
					return Long.parseLong(line.replaceAll("[^0-9]", ""));
				}
			}
		}
		catch (IOException | NumberFormatException ex) {
			// Only the log line needs it.
		}
		return -1;
	}

}
