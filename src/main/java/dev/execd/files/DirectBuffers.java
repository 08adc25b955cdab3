package dev.execd.files;

import java.nio.ByteBuffer;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A few direct buffers kept between uploads. A direct buffer lets the body go from the
 * connection's buffer to the file with one copy; allocating one per upload would zero it
 * each time and leave its memory to the garbage collector, which a heap that stays flat
 * rarely runs. Uploads beyond the kept number get buffers of their own.
 */
final class DirectBuffers {

	private final int size;

	private final BlockingQueue<ByteBuffer> idle;

	DirectBuffers(int size, int kept) {
		this.size = size;
		this.idle = new ArrayBlockingQueue<>(kept);
	}

	/** A cleared buffer. */
	ByteBuffer take() {
		ByteBuffer buffer = this.idle.poll();
		return (buffer != null) ? buffer.clear() : ByteBuffer.allocateDirect(this.size);
	}

	/** Hands a buffer back; kept when fewer than the kept number are idle. */
	void give(ByteBuffer buffer) {
		this.idle.offer(buffer);
	}

}
