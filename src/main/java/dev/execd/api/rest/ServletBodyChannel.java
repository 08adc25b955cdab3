package dev.execd.api.rest;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ReadableByteChannel;

import dev.execd.api.server.UploadReads;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;

/**
 * A request body as a channel, read with {@link ServletInputStream#read(ByteBuffer)}
 * (Servlet 6.1): Tomcat copies its bytes straight into the caller's buffer, so an upload
 * read into a direct buffer reaches the file without passing through a heap array (which
 * the JDK would copy into a temporary direct buffer once more on each file write). Past
 * {@link UploadReads#THRESHOLD} bytes it widens the connection's reads. Closing it leaves
 * the body to the container.
 */
final class ServletBodyChannel implements ReadableByteChannel {

	private final ServletInputStream body;

	private final ServletRequest request;

	/** Bytes read until the body counts as a large upload, then negative. */
	private long untilWide = UploadReads.THRESHOLD;

	private boolean open = true;

	ServletBodyChannel(ServletRequest request) throws IOException {
		this.body = request.getInputStream();
		this.request = request;
	}

	@Override
	public int read(ByteBuffer buffer) throws IOException {
		if (!this.open) {
			throw new ClosedChannelException();
		}
		int limit = buffer.limit();
		int at = buffer.position();
		int n = this.body.read(buffer);
		// Unlike a channel's read, the stream's leaves the position where it was and the
		// limit after the bytes read.
		if (n > 0) {
			buffer.limit(limit).position(at + n);
			if (this.untilWide > 0 && (this.untilWide -= n) <= 0) {
				UploadReads.widen(this.request);
			}
		}
		return n;
	}

	@Override
	public boolean isOpen() {
		return this.open;
	}

	@Override
	public void close() {
		this.open = false;
	}

}
