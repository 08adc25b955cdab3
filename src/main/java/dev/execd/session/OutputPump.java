package dev.execd.session;

import java.io.IOException;
import java.io.InputStream;
import java.util.function.ObjIntConsumer;

import dev.execd.output.OutputLog;
import dev.execd.output.StreamTag;

/**
 * Copies one output stream of a child into its session's log on a platform thread of
 * {@link IoThreads} (a blocking native read of a PTY master would pin a virtual thread's
 * carrier). A PTY master reports EIO once the terminal's last holder is gone; that is the
 * end of output, like EOF.
 */
final class OutputPump {

	/**
	 * What an idle reader holds. Reads of at most 8 KiB also stay on the JDK's stack
	 * buffer instead of a malloc per read.
	 */
	private static final int SMALL_BUFFER = 8 * 1024;

	/** A pipe's whole capacity: one read per refill while a program floods its output. */
	private static final int LARGE_BUFFER = 64 * 1024;

	private OutputPump() {
	}

	/**
	 * Starts the reader.
	 * @param observer sees each chunk before it is appended
	 * @param appended sees each chunk after it was appended, with its offset in the log
	 * @param ended runs once when the stream ended
	 */
	static void start(String name, InputStream in, StreamTag tag, OutputLog log, ObjIntConsumer<byte[]> observer,
			Appended appended, Runnable ended) {
		IoThreads.start(name, () -> pump(in, tag, log, observer, appended, ended));
	}

	private static void pump(InputStream in, StreamTag tag, OutputLog log, ObjIntConsumer<byte[]> observer,
			Appended appended, Runnable ended) {
		byte[] small = new byte[SMALL_BUFFER];
		byte[] buffer = small;
		try {
			int n;
			while ((n = in.read(buffer)) >= 0) {
				if (n > 0) {
					observer.accept(buffer, n);
					long offset = log.append(buffer, 0, n, tag);
					appended.appended(buffer, n, offset);
				}
				// A full read means more is waiting: read in large gulps (4x fewer reads,
				// appends and wake-ups at full speed) until the output slows down again,
				// then let the large buffer go so an idle session holds only the small
				// one.
				if (n == buffer.length && buffer == small) {
					buffer = new byte[LARGE_BUFFER];
				}
				else if (n < SMALL_BUFFER && buffer != small) {
					buffer = small;
				}
			}
		}
		catch (IOException ex) {
			// EIO from a PTY master, or the stream was closed at removal.
		}
		finally {
			ended.run();
		}
	}

	/** Sees a chunk of output once the log holds it. */
	@FunctionalInterface
	interface Appended {

		void appended(byte[] buffer, int length, long offset);

	}

}
