package dev.execd.api.rest;

import java.io.IOException;

import dev.execd.output.OutputException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.ResponseEntity;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * What the streams of one session share: the response that opens the stream, ends the
 * subscription with it and tells a client that went away from a failure, and the loop
 * that sends what is ready, flushes, waits and pings while idle.
 */
final class SsePump {

	private static final Logger logger = LoggerFactory.getLogger(SsePump.class);

	/** Room for a few events, so what is already waiting leaves in one write. */
	private static final int RESPONSE_BUFFER_BYTES = 64 * 1024;

	private SsePump() {
	}

	/** The next event that is ready now, or null when there is none yet. */
	interface Source<E> {

		@Nullable E next();

	}

	/** Waits until something may be ready, or the deadline. */
	interface Waiter {

		void await(long deadlineNanos) throws InterruptedException;

	}

	/** Writes one event; answers whether it was the last. */
	interface Sender<E> {

		boolean send(E event) throws IOException;

	}

	/** Writes a whole stream. */
	interface Body {

		void write(SseWriter sse) throws IOException, InterruptedException;

	}

	/**
	 * The response of a stream: its headers leave at once; {@code subscription} is closed
	 * when the stream ends, however it ends, and at once for a HEAD request, which gets
	 * the headers alone (see {@link SseWriter#head}).
	 * @param probe the subscription's probe, given the stream once it is open
	 * @param what names the stream in the log when it fails
	 */
	static ResponseEntity<StreamingResponseBody> response(HttpServletRequest request, HttpServletResponse response,
			JsonMapper json, AutoCloseable subscription, SseProbe probe, String what, Body body) {
		if (isHead(request)) {
			// Subscribed all the same, so that a HEAD answers as its GET would.
			try {
				subscription.close();
			}
			catch (Exception ex) {
				logger.error("The {} failed to close", what, ex);
			}
			return SseWriter.head();
		}
		response.setBufferSize(RESPONSE_BUFFER_BYTES);
		StreamingResponseBody stream = (out) -> {
			try (subscription) {
				SseWriter sse = new SseWriter(out, response::flushBuffer, json);
				sse.open();
				probe.opened(sse);
				body.write(sse);
			}
			catch (IOException ex) {
				// The client went away: its stream simply ends.
			}
			catch (InterruptedException ex) {
				// Shutdown: the stream ends with the server.
				Thread.currentThread().interrupt();
			}
			catch (OutputException.ResourcesExhausted ex) {
				// Out of descriptors for now: the stream ends without its end event,
				// and the client resumes it from its last event id.
				logger.warn("The {} ended: {}", what, ex.getMessage());
			}
			catch (Exception ex) {
				logger.error("The {} failed", what, ex);
			}
		};
		return SseWriter.response(stream);
	}

	static boolean isHead(HttpServletRequest request) {
		return "HEAD".equals(request.getMethod());
	}

	/** Sends events until the last, pinging while the source is idle. */
	static <E> void pump(SseWriter sse, Source<E> source, Waiter waiter, Sender<E> sender)
			throws IOException, InterruptedException {
		long lastWrite = System.nanoTime();
		while (true) {
			E event = source.next();
			if (event == null) {
				sse.flush();
				waiter.await(lastWrite + SseWriter.PING_NANOS);
				if (System.nanoTime() - lastWrite >= SseWriter.PING_NANOS) {
					sse.ping();
					lastWrite = System.nanoTime();
				}
				continue;
			}
			if (sender.send(event)) {
				return;
			}
			lastWrite = System.nanoTime();
		}
	}

}
