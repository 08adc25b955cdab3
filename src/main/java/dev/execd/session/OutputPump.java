package dev.execd.session;

import java.io.IOException;
import java.io.InputStream;

import dev.execd.output.OutputLog;

/**
 * Copies one output stream of a child into its session's log on a platform thread (a
 * blocking pty4j read would pin a virtual thread's carrier). A PTY master reports EIO
 * once the terminal's last holder is gone; that is the end of output, like EOF.
 */
final class OutputPump {

	/** Small enough to keep idle sessions cheap, large enough for a pipe's 64 KiB. */
	private static final int BUFFER_SIZE = 16 * 1024;

	/** What else sees each chunk and the end (the session). */
	interface Listener {

		void chunk(byte[] buffer, int length);

		void ended();

	}

	private OutputPump() {
	}

	static void start(String name, InputStream in, OutputLog log, Listener listener) {
		Thread.ofPlatform().name(name).daemon().stackSize(256 * 1024).start(() -> pump(in, log, listener));
	}

	private static void pump(InputStream in, OutputLog log, Listener listener) {
		byte[] buffer = new byte[BUFFER_SIZE];
		try {
			int n;
			while ((n = in.read(buffer)) >= 0) {
				if (n > 0) {
					listener.chunk(buffer, n);
					log.append(buffer, 0, n);
				}
			}
		}
		catch (IOException ex) {
			// EIO from a PTY master, or the stream was closed at removal.
		}
		finally {
			listener.ended();
		}
	}

}
