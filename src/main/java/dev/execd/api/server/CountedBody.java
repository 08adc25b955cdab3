package dev.execd.api.server;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

/**
 * A request whose body counts the bytes read from it, so the read deadline can tell a
 * slow upload from a stalled one.
 */
final class CountedBody extends HttpServletRequestWrapper {

	private final AtomicLong read;

	private ServletInputStream counted;

	CountedBody(HttpServletRequest request, AtomicLong read) {
		super(request);
		this.read = read;
	}

	@Override
	public ServletInputStream getInputStream() throws IOException {
		if (this.counted == null) {
			this.counted = new Counting(super.getInputStream(), this.read);
		}
		return this.counted;
	}

	private static final class Counting extends ServletInputStream {

		private final ServletInputStream in;

		private final AtomicLong read;

		Counting(ServletInputStream in, AtomicLong read) {
			this.in = in;
			this.read = read;
		}

		@Override
		public int read() throws IOException {
			int b = this.in.read();
			if (b >= 0) {
				this.read.incrementAndGet();
			}
			return b;
		}

		@Override
		public int read(byte[] b, int off, int len) throws IOException {
			int n = this.in.read(b, off, len);
			if (n > 0) {
				this.read.addAndGet(n);
			}
			return n;
		}

		@Override
		public boolean isFinished() {
			return this.in.isFinished();
		}

		@Override
		public boolean isReady() {
			return this.in.isReady();
		}

		@Override
		public void setReadListener(ReadListener listener) {
			this.in.setReadListener(listener);
		}

	}

}
