package dev.execd.api.server;

import jakarta.servlet.ServletConnection;
import jakarta.servlet.ServletRequest;

/**
 * Wider socket reads for a large upload. Tomcat reads a body from the socket at most its
 * application read buffer at a time ({@code execd.files.read-buffer}, 64 KiB), and that
 * buffer is held by every open connection, idle or not. Past its first {@link #THRESHOLD}
 * bytes an upload asks for {@link #WIDE} instead, on its own connection only; the
 * connection then closes after the upload's answer, so the wider buffers live as long as
 * the upload and no longer.
 */
public final class UploadReads {

	/** The bytes of a body read before it counts as a large upload. */
	public static final long THRESHOLD = 8L << 20;

	/** The most a large upload's connection reads from its socket at once. */
	static final int WIDE = 1 << 20;

	private UploadReads() {
	}

	/**
	 * Widens the reads of the request's connection, when its server allows it (execd's
	 * Tomcat does; elsewhere, as in a mock request, this does nothing).
	 * @param request the request whose body is being read
	 */
	public static void widen(ServletRequest request) {
		ServletConnection connection = request.getServletConnection();
		if (connection instanceof Widenable widenable) {
			widenable.widen();
		}
	}

	/** A connection whose reads a request may widen. */
	interface Widenable {

		void widen();

	}

}
