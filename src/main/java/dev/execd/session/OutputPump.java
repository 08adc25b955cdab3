package dev.execd.session;

import java.io.IOException;
import java.io.InputStream;
import java.util.function.ObjIntConsumer;

import dev.execd.output.OutputLog;
import dev.execd.output.StreamTag;

/**
 * Copies one output stream of a child into its session's log on a platform thread (a
 * blocking pty4j read would pin a virtual thread's carrier). A PTY master reports EIO
 * once the terminal's last holder is gone; that is the end of output, like EOF.
 */
final class OutputPump {

	/** Small enough to keep idle sessions cheap, large enough for a pipe's 64 KiB. */
	private static final int BUFFER_SIZE = 16 * 1024;

	private OutputPump() {
	}

	/**
	 * Starts the reader thread.
	 * @param observer sees each chunk before it is appended
	 * @param ended runs once when the stream ended
	 */
	static void start(String name, InputStream in, StreamTag tag, OutputLog log, ObjIntConsumer<byte[]> observer,
			Runnable ended) {
		Thread.ofPlatform().name(name).daemon().stackSize(256 * 1024).start(() -> pump(in, tag, log, observer, ended));
	}

	private static void pump(InputStream in, StreamTag tag, OutputLog log, ObjIntConsumer<byte[]> observer,
			Runnable ended) {
		byte[] buffer = new byte[BUFFER_SIZE];
		try {
			int n;
			while ((n = in.read(buffer)) >= 0) {
				if (n > 0) {
					observer.accept(buffer, n);
					log.append(buffer, 0, n, tag);
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

}
