package dev.execd.api.server;

import java.io.IOException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Which connections are serving a request, for {@link ReadDeadline}: a request whose head
 * has been read enters here, and leaves when its handler returns or, for SSE, when its
 * asynchronous part completes. Connections are named by their remote address and port,
 * which Tomcat's connection list knows too.
 */
final class Exchanges extends OncePerRequestFilter {

	private final ConcurrentHashMap<String, Exchange> byConnection = new ConcurrentHashMap<>();

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String connection = connection(request.getRemoteAddr(), request.getRemotePort());
		AtomicLong uploaded = isUpload(request) ? new AtomicLong() : null;
		this.byConnection.put(connection, new Exchange(System.currentTimeMillis(), Thread.currentThread(), uploaded));
		try {
			chain.doFilter((uploaded != null) ? new CountedBody(request, uploaded) : request, response);
		}
		finally {
			if (request.isAsyncStarted()) {
				request.getAsyncContext().addListener(new AsyncListener() {

					@Override
					public void onComplete(AsyncEvent event) {
						leave(connection);
					}

					@Override
					public void onTimeout(AsyncEvent event) {
						leave(connection);
					}

					@Override
					public void onError(AsyncEvent event) {
						leave(connection);
					}

					@Override
					public void onStartAsync(AsyncEvent event) {
					}

				});
			}
			else {
				leave(connection);
			}
		}
	}

	private void leave(String connection) {
		this.byConnection.put(connection, new Exchange(System.currentTimeMillis(), null, null));
	}

	/**
	 * A file upload: {@code PUT} or {@code POST} under {@code /files}. Its body may take
	 * longer than the read deadline, at a minimum rate (see {@link ReadDeadline}).
	 */
	static boolean isUpload(HttpServletRequest request) {
		String path = request.getServletPath();
		return ("PUT".equals(request.getMethod()) || "POST".equals(request.getMethod()))
				&& ("/files".equals(path) || "/files/archive".equals(path));
	}

	/** The latest exchange of a connection; a new one is a new object. */
	@Nullable Exchange latest(String connection) {
		return this.byConnection.get(connection);
	}

	/**
	 * Forgets ended exchanges older than a sweep could still need (closed connections,
	 * reused ports); serving ones stay until they leave.
	 */
	void forgetEndedBefore(long millis) {
		this.byConnection.values().removeIf((exchange) -> !exchange.serving() && exchange.atMillis() < millis);
	}

	static String connection(String address, int port) {
		return address + ":" + port;
	}

	/**
	 * An exchange entered or left at a time; while it is served, the thread that serves
	 * it (a body read blocked in it ends at once when interrupted) and, for an upload,
	 * the body bytes read so far.
	 */
	record Exchange(long atMillis, @Nullable Thread thread, @Nullable AtomicLong uploaded) {

		boolean serving() {
			return this.thread != null;
		}

	}

}
