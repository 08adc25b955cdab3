package dev.execd.api.rest;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ReadableByteChannel;

import jakarta.servlet.ServletInputStream;

/**
 * A request body as a channel, read with {@link ServletInputStream#read(ByteBuffer)}
 * (Servlet 6.1): Tomcat copies its bytes straight into the caller's buffer, so an upload
 * read into a direct buffer reaches the file without passing through a heap array (which
 * the JDK would copy into a temporary direct buffer once more on each file write).
 * Closing it leaves the body to the container.
 */
final class ServletBodyChannel implements ReadableByteChannel {

	private final ServletInputStream body;

	private boolean open = true;

	ServletBodyChannel(ServletInputStream body) {
		this.body = body;
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
