package dev.execd.api.rest;

import java.io.IOException;
import java.nio.ByteBuffer;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

/**
 * A request whose body may not exceed a limit, also when it arrives chunked without a
 * length: reading past the limit fails with {@link BodyTooLargeException}.
 */
final class BoundedBodyRequest extends HttpServletRequestWrapper {

	private final long limit;

	private ServletInputStream bounded;

	BoundedBodyRequest(HttpServletRequest request, long limit) {
		super(request);
		this.limit = limit;
	}

	@Override
	public ServletInputStream getInputStream() throws IOException {
		if (this.bounded == null) {
			ServletInputStream in = super.getInputStream();
			this.bounded = new ServletInputStream() {

				private long read;

				@Override
				public int read() throws IOException {
					int b = in.read();
					if (b >= 0) {
						count(1);
					}
					return b;
				}

				@Override
				public int read(byte[] buffer, int off, int len) throws IOException {
					int n = in.read(buffer, off, len);
					if (n > 0) {
						count(n);
					}
					return n;
				}

				@Override
				public int read(ByteBuffer buffer) throws IOException {
					int n = in.read(buffer);
					if (n > 0) {
						count(n);
					}
					return n;
				}

				private void count(int n) throws BodyTooLargeException {
					this.read += n;
					if (this.read > BoundedBodyRequest.this.limit) {
						throw new BodyTooLargeException(BoundedBodyRequest.this.limit);
					}
				}

				@Override
				public boolean isFinished() {
					return in.isFinished();
				}

				@Override
				public boolean isReady() {
					return in.isReady();
				}

				@Override
				public void setReadListener(ReadListener listener) {
					in.setReadListener(listener);
				}

			};
		}
		return this.bounded;
	}

	/**
	 * A body over the limit.
	 */
	static final class BodyTooLargeException extends IOException {

		BodyTooLargeException(long limit) {
			super("the body is larger than " + limit + " bytes (execd.limits.max-request-body)");
		}

	}

}
