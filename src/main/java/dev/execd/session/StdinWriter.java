package dev.execd.session;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;

import dev.execd.process.Descriptor;
import dev.execd.process.PolledWrite;

/**
 * Feeds a child's stdin from a bounded queue with non-blocking writes on a poller's
 * thread, so a child that never reads holds bytes in the queue and never a thread or a
 * request. Signals queued between bytes are sent in order with them (Ctrl-C on a pipe).
 */
final class StdinWriter {

	/** One queued step. */
	sealed interface Op {

	}

	/** Bytes to write. */
	record Bytes(byte[] bytes) implements Op {

	}

	/** A signal for the session's process group. */
	record Signal(int number) implements Op {

	}

	/** Close stdin after what is queued before it. */
	record Close() implements Op {

	}

	/**
	 * Most bytes written at once from the caller's thread: typing, not uploads, which the
	 * poller writes in its buffer's chunks.
	 */
	private static final int DIRECT_MAX = 4096;

	private final PolledWrite out;

	private final IntConsumer signaller;

	private final long capacity;

	private final Object lock = new Object();

	private final ArrayDeque<Op> queue = new ArrayDeque<>();

	private long pending;

	private boolean stopped;

	/**
	 * Whether a drain is queued on the poller or waits for room, or a caller writes at
	 * once: whoever set it is the one writer.
	 */
	private boolean draining;

	/** How much of the head's bytes were written; the poller's thread only. */
	private int written;

	StdinWriter(Descriptor stdin, IntConsumer signaller, long capacity) {
		this.out = PolledWrite.of(stdin, this::drain);
		this.signaller = signaller;
		this.capacity = capacity;
	}

	/**
	 * Queues every op or none. When nothing is queued and the ops are bytes alone, they
	 * are written at once from the caller's thread (the descriptor is non-blocking, so a
	 * request never waits for the child): a keystroke then reaches the child without a
	 * hand-off to the poller, which takes over whatever the child did not take.
	 * @return false when the bytes would exceed the queue's capacity
	 */
	boolean offer(List<Op> ops) {
		long bytes = ops.stream().mapToLong((op) -> (op instanceof Bytes b) ? b.bytes().length : 0).sum();
		byte[] now = null;
		synchronized (this.lock) {
			if (this.pending + bytes > this.capacity) {
				return false;
			}
			if (this.stopped) {
				return true;
			}
			this.pending += bytes;
			boolean idle = !this.draining;
			// Draining, from here on, also means that this caller writes: nobody else
			// does until it has handed the rest to the poller.
			this.draining = true;
			if (idle && this.queue.isEmpty() && ops.size() == 1 && ops.getFirst() instanceof Bytes b
					&& b.bytes().length <= DIRECT_MAX) {
				now = b.bytes();
			}
			else {
				this.queue.addAll(ops);
				if (!idle) {
					return true;
				}
			}
		}
		if (now != null) {
			writeNow(now);
		}
		else {
			this.out.execute(this::drain);
		}
		return true;
	}

	/**
	 * Writes what the child takes now; the rest, and what came meanwhile, go to the
	 * poller.
	 */
	private void writeNow(byte[] bytes) {
		int n = this.out.writeNow(bytes, bytes.length);
		synchronized (this.lock) {
			if (this.stopped) {
				return;
			}
			// -1: the child closed its stdin (EPIPE), bytes for it are dropped.
			int written = (n < 0) ? bytes.length : n;
			this.pending -= written;
			if (written < bytes.length) {
				this.queue.addFirst(new Bytes(Arrays.copyOfRange(bytes, written, bytes.length)));
			}
			if (this.queue.isEmpty()) {
				this.draining = false;
				return;
			}
		}
		this.out.execute(this::drain);
	}

	long pending() {
		synchronized (this.lock) {
			return this.pending;
		}
	}

	/** Closes stdin, dropping what is still queued. */
	void stop() {
		synchronized (this.lock) {
			this.stopped = true;
			this.queue.clear();
			this.pending = 0;
		}
		this.out.execute(this.out::close);
	}

	/** Writes what the child takes, in order; on the poller's thread. */
	private void drain() {
		while (true) {
			Op op;
			synchronized (this.lock) {
				op = this.stopped ? null : this.queue.peekFirst();
				if (op == null) {
					this.draining = false;
					return;
				}
			}
			switch (op) {
				case Bytes b -> {
					int n = this.out.write(b.bytes(), this.written, b.bytes().length - this.written);
					if (n == 0) {
						// Full: the poller calls again once the child has read.
						return;
					}
					// -1: the child closed its stdin (EPIPE), bytes for it are dropped.
					this.written = (n < 0) ? b.bytes().length : this.written + n;
					if (this.written < b.bytes().length) {
						continue;
					}
					this.written = 0;
				}
				case Signal s -> this.signaller.accept(s.number());
				case Close c -> {
					this.out.close();
					synchronized (this.lock) {
						this.stopped = true;
					}
				}
			}
			synchronized (this.lock) {
				if (!this.stopped) {
					this.queue.pollFirst();
					if (op instanceof Bytes b) {
						this.pending -= b.bytes().length;
					}
				}
			}
		}
	}

}
