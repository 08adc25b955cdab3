package dev.execd.api.server;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
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

	/**
	 * Routes whose body is a file upload ({@code PUT}, or {@code POST} of a multipart
	 * form): they may go on past the deadline while bytes keep arriving at
	 * {@link #MIN_UPLOAD_RATE} on average.
	 */
	static final Set<String> UPLOADS = Set.of("/files", "/files/archive");

	/** Bytes a second an upload must average to outlive the deadline. */
	static final long MIN_UPLOAD_RATE = 64 * 1024;

	private final ConcurrentHashMap<String, Exchange> byConnection = new ConcurrentHashMap<>();

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String connection = connection(request.getRemoteAddr(), request.getRemotePort());
		// The servlet path is the container's decoded, normalized one.
		boolean upload = ("PUT".equals(request.getMethod()) || "POST".equals(request.getMethod()))
				&& UPLOADS.contains(request.getServletPath());
		Exchange exchange = new Exchange(System.currentTimeMillis(), Thread.currentThread(),
				upload ? new AtomicLong() : null);
		this.byConnection.put(connection, exchange);
		try {
			chain.doFilter((exchange.received() != null) ? new CountingRequest(request, exchange.received()) : request,
					response);
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
	 * it (a body read blocked in it ends at once when interrupted), and for an upload the
	 * body bytes read so far.
	 */
	record Exchange(long atMillis, @Nullable Thread thread, @Nullable AtomicLong received) {

		boolean serving() {
			return this.thread != null;
		}

		/**
		 * Whether an upload has averaged {@link #MIN_UPLOAD_RATE} over {@code millis}.
		 */
		boolean keepsPace(long millis) {
			return this.received != null && this.received.get() * 1000 >= MIN_UPLOAD_RATE * millis;
		}

	}

	/** A request whose body reads are counted. */
	private static final class CountingRequest extends HttpServletRequestWrapper {

		private final AtomicLong received;

		private @Nullable ServletInputStream counted;

		CountingRequest(HttpServletRequest request, AtomicLong received) {
			super(request);
			this.received = received;
		}

		@Override
		public ServletInputStream getInputStream() throws IOException {
			if (this.counted == null) {
				ServletInputStream body = super.getInputStream();
				AtomicLong received = this.received;
				this.counted = new ServletInputStream() {

					@Override
					public int read() throws IOException {
						int b = body.read();
						if (b >= 0) {
							received.incrementAndGet();
						}
						return b;
					}

					@Override
					public int read(byte[] buffer, int offset, int length) throws IOException {
						int n = body.read(buffer, offset, length);
						if (n > 0) {
							received.addAndGet(n);
						}
						return n;
					}

					// Forwarded, so that a body read into a buffer stays one copy.
					@Override
					public int read(ByteBuffer buffer) throws IOException {
						int n = body.read(buffer);
						if (n > 0) {
							received.addAndGet(n);
						}
						return n;
					}

					@Override
					public boolean isFinished() {
						return body.isFinished();
					}

					@Override
					public boolean isReady() {
						return body.isReady();
					}

					@Override
					public void setReadListener(ReadListener listener) {
						body.setReadListener(listener);
					}

				};
			}
			return this.counted;
		}

	}

}
